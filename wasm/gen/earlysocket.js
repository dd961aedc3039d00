// An invitee's join starts with a socket to the signaling server, and opening one costs round
// trips (TCP, TLS, the WebSocket's upgrade) that the join used to wait for once the app ran.
// On an invite link the page opens that socket itself once its scripts have run, while the
// wasm is still downloading: the app's first dial to the same address takes it
// (app/session/earlysocket_js.go) and speaks on it as on a socket of its own. Where the page
// can, it joins on it first and makes the WebRTC connection too (earlyjoin.js), and the app
// takes that instead. Otherwise nothing is sent on it before the app takes it, so the server
// sees a socket that is quiet until the join. A socket the app has not taken within
// earlySocketLife (the player lingered over the name, or went home) is closed, well inside the
// server's 30 s for a first message (signaling.DefaultHandshakeTimeout); the app then dials as
// before.
(() => {
  const earlySocketLife = 25000;

  // signalURL is the address the app dials for room (app/invite.go signalURL, then
  // app/session roomURL): the configured one, else /signal under the site's prefix (without
  // one, beside the page), ws: or wss: as the page is http: or https:.
  window.safehouseSignalURL = (configured, page, rootPrefix, room) => {
    let base = configured;
    if (!base) {
      let prefix = rootPrefix.replace(/\/$/, "");
      if (!prefix) prefix = page.pathname.slice(0, Math.max(page.pathname.lastIndexOf("/"), 0));
      base = (page.protocol === "https:" ? "wss" : "ws") + "://" + page.host + prefix + "/signal";
    }
    const url = new URL(base);
    url.searchParams.set("room", room);
    return url.href;
  };

  const room = window.safehouseInvitedRoom ? window.safehouseInvitedRoom(location.hash) : "";
  if (!room || typeof WebSocket !== "function") return;
  const secret = window.safehouseInviteSecret ? window.safehouseInviteSecret(location.hash) : "";
  const joinsEarly = Boolean(secret) && Boolean(window.safehouseCanJoinEarly) && window.safehouseCanJoinEarly();

  // iceServers reads the setting as the app does (app/connect.go): addresses between commas.
  const iceServers = (setting) => String(setting).split(",").map((s) => s.trim()).filter(Boolean);

  const open = () => {
    const env = typeof goappEnv === "object" && goappEnv ? goappEnv : {};
    const config = window.safehouseConfig || {};
    const configured = (typeof config.signalURL === "string" && config.signalURL.trim()) || env.SIGNAL_URL || "";
    let socket;
    try {
      socket = new WebSocket(window.safehouseSignalURL(configured, location, env.GOAPP_ROOT_PREFIX || "", room));
    } catch (e) {
      return; // an address the app will report when it dials it
    }
    // Until the app takes it, what the server says waits in queue, and its end is noted.
    const early = { socket, url: socket.url, queue: [], ended: false, taken: false };
    socket.addEventListener("message", (e) => { if (!early.taken) early.queue.push(e.data); });
    socket.addEventListener("close", () => { early.ended = true; });
    window.safehouseEarlySocket = early;
    // Where it can, the page goes on to join on this socket (earlyjoin.js), unless the app
    // took the socket first.
    const pass = joinsEarly ? window.safehouseInvitePass(secret).catch(() => "") : null;
    if (pass) {
      socket.addEventListener("open", () => pass.then((p) => {
        if (p && !early.taken && !early.ended && socket.readyState === WebSocket.OPEN) {
          window.safehouseJoinEarly(early, room, p, iceServers((typeof config.iceServers === "string" && config.iceServers.trim()) || env.ICE_SERVERS || ""));
        }
      }));
    }
    setTimeout(() => {
      if (early.taken) return;
      if (window.safehouseEarlySocket === early) delete window.safehouseEarlySocket;
      socket.close();
    }, earlySocketLife);
  };
  // go-app's app.js, which holds the build's settings (goappEnv), runs deferred, before
  // DOMContentLoaded.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", open, { once: true });
  } else {
    open();
  }
})();
