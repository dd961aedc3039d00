// On a first visit by invite link the wasm takes seconds to come (slow 4G: about 7 s), and the
// join's handshakes then took 1.3 s more: the host's answer, ICE, DTLS, SCTP, each a round trip
// or two. The page makes them while the wasm downloads: on the early socket (earlysocket.js) it
// joins the room with the invite's pass, makes the PeerConnection, its one data channel and
// the offer, applies the host's answer and candidates, and lets the channel open. It says
// nothing on the channel: the hello, with the player's name and its proof of the invite secret,
// is the app's. The app's join takes it all as it stands (app/session/earlyjoin_js.go) and goes
// on from there: from the first message of the socket's the page did not act on, with the
// channel open or still opening.
//
// It needs what the app's join needs: WebRTC, and the invite's pass, an HMAC that only
// crypto.subtle computes here (a secure context: https, or localhost); without them the page
// only opens the socket, as before. A join the app has not taken within earlyJoinLife (the
// player lingered over the name, or went home) is closed, well before the host gives up on a
// channel that says nothing (app/session/hostwatch.go: 24 s); the app then joins as before.
(() => {
  const passLabel = "safehouse/signaling-pass/v1"; // wire/invite.go
  const channelLabel = "safehouse"; // app/session/rtc.go
  const earlyJoinLife = 20000;
  const maxPendingCandidates = 64; // app/session/rtc.go

  // inviteSecret is the secret of the invite at this fragment (#join=ROOM&k=SECRET), or "" when
  // it has none the app would take (app/invite.go validSecret).
  window.safehouseInviteSecret = (hash) => {
    const m = /(?:^#|&)k=([^&]*)/.exec(hash);
    return m && /^[A-Za-z0-9_-]{22,128}$/.test(m[1]) ? m[1] : "";
  };

  // invitePass is wire.InvitePass: the secret's HMAC-SHA-256 of passLabel, base64url.
  window.safehouseInvitePass = async (secret) => {
    const text = new TextEncoder();
    const key = await crypto.subtle.importKey("raw", text.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, text.encode(passLabel)));
    return btoa(String.fromCharCode(...mac)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };

  window.safehouseCanJoinEarly = () =>
    typeof RTCPeerConnection === "function" && Boolean(window.isSecureContext) && typeof crypto === "object" && Boolean(crypto.subtle);

  // joinEarly starts the join of room on early, the page's open socket, which it takes from
  // the app's dial; window.safehouseEarlyJoin is then the join, for the app to take.
  window.safehouseJoinEarly = (early, room, pass, iceServers) => {
    early.taken = true;
    if (window.safehouseEarlySocket === early) delete window.safehouseEarlySocket;
    const socket = early.socket;
    const pc = new RTCPeerConnection(iceServers.length ? { iceServers: [{ urls: iceServers }] } : {});
    const channel = pc.createDataChannel(channelLabel);
    channel.binaryType = "arraybuffer"; // as the app reads it (app/session/dcconn_js.go)
    const join = { url: early.url, room, pass, offer: "", answer: "", offeredAt: 0, queue: early.queue.slice(), messages: [] };
    const pending = []; // the host's candidates that came before its answer
    const gathered = []; // ours, gathered before the offer went out
    const listeners = [];
    const listen = (target, type, fn) => {
      target.addEventListener(type, fn);
      listeners.push(() => target.removeEventListener(type, fn));
    };
    const send = (m) => socket.send(JSON.stringify(m));
    let over = false; // ended, or taken by the app
    // offered settles once the offer went out, or the join ended or was taken before it did:
    // an app that comes in between waits for it rather than start again.
    let settle;
    join.offered = new Promise((resolve) => { settle = resolve; });
    const letGo = () => {
      over = true;
      settle();
      listeners.forEach((off) => off());
      clearTimeout(timer);
      if (window.safehouseEarlyJoin === join) delete window.safehouseEarlyJoin;
    };
    const shut = () => {
      channel.close();
      pc.close();
      socket.close();
    };
    const end = () => {
      if (over) return;
      letGo();
      shut();
    };
    const timer = setTimeout(end, earlyJoinLife);

    // The answer and the host's candidates move the handshake on; every other message (the
    // server's "joined", an error, the host away) is the app's, in order.
    listen(socket, "message", (e) => {
      let m = null;
      try {
        m = typeof e.data === "string" ? JSON.parse(e.data) : null;
      } catch (err) {
        m = null;
      }
      const d = m && m.t === "from" && m.data && typeof m.data === "object" ? m.data : null;
      if (d && d.sdp && d.sdp.type === "answer" && !join.answer && pc.signalingState === "have-local-offer") {
        join.answer = String(d.sdp.sdp);
        pc.setRemoteDescription({ type: "answer", sdp: join.answer })
          .then(() => pending.splice(0).forEach((c) => pc.addIceCandidate(c).catch(() => {})))
          .catch(end);
        return;
      }
      if (d && d.candidate && typeof d.candidate === "object") {
        if (pc.remoteDescription) pc.addIceCandidate(d.candidate).catch(() => {});
        else if (pending.length < maxPendingCandidates) pending.push(d.candidate);
        return;
      }
      join.queue.push(e.data);
    });
    listen(socket, "close", end);
    const sendCandidate = (c) => send({ t: "to", data: { candidate: c } });
    listen(pc, "icecandidate", (e) => {
      if (!e.candidate) return;
      if (join.offer) sendCandidate(e.candidate.toJSON());
      else gathered.push(e.candidate.toJSON());
    });
    listen(pc, "connectionstatechange", () => {
      if (pc.connectionState === "failed") end();
    });
    listen(channel, "close", end);
    listen(channel, "message", (e) => join.messages.push(e.data));

    // take hands the join to the app as it stands, or null once it ended: from here the
    // socket, the PeerConnection and the channel are the app's, and the page does nothing
    // more with them. asPeer, called with new, gives the PeerConnection, and asChannel the
    // channel: pion's wrapper makes its own with new RTCPeerConnection and createDataChannel.
    join.take = () => {
      if (over) return null;
      letGo();
      // Candidates still waiting for the answer's description are the app's to add.
      pending.splice(0).forEach((c) => join.queue.push(JSON.stringify({ t: "from", data: { candidate: c } })));
      return Object.assign({}, join, {
        socket, pc, channel,
        asPeer: function () { return pc; },
        asChannel: () => channel,
        elapsed: join.offeredAt ? performance.now() - join.offeredAt : 0,
        close: shut, // for an app that does not want it after all
      });
    };
    window.safehouseEarlyJoin = join;

    // As the app's join does (app/session/join.go connect): the join, then the offer at once.
    send({ t: "join", room, pass });
    pc.createOffer()
      .then((offer) => pc.setLocalDescription(offer).then(() => offer))
      .then((offer) => {
        if (over) return;
        join.offer = offer.sdp;
        join.offeredAt = performance.now();
        send({ t: "to", data: { sdp: { type: "offer", sdp: offer.sdp } } });
        gathered.splice(0).forEach(sendCandidate);
        settle();
      })
      .catch(end);
  };
})();
