// Safehouse's QR scanner for a game with no server (issue 23). The scanning screen loads this
// file, and only that screen: the start page never does. It watches for the screen's
// <video class="qr-video">, opens the back camera into it while it is there, and decodes
// frames with the browser's BarcodeDetector when it reads QR codes, else with jsQR (web/jsqr.js,
// vendored from npm by the build and loaded here on first need). What it reads, or why the
// camera cannot be used, goes to the screen's <input id="qr-result"> as a "change" event:
// "code:<text>" or "error:<name>" (NotAllowedError, NotFoundError, insecure, ...). Nothing
// of it is in app.wasm.
(function () {
  "use strict";
  if (window.safehouseScan) {
    window.safehouseScan.watch();
    return;
  }
  var here = document.currentScript && document.currentScript.src;
  var jsqrURL = here ? here.replace(/qrscan\.js(\?.*)?$/, "jsqr.js") : "/web/jsqr.js";
  var stream = null, video = null, finished = null, busy = false, frameTimer = 0, watchTimer = 0, detector = null, loading = null;

  function report(kind, text) {
    var out = document.getElementById("qr-result");
    if (!out) return;
    out.value = kind + ":" + text;
    out.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function loadJSQR() {
    if (window.jsQR) return Promise.resolve(window.jsQR);
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = jsqrURL;
        s.onload = function () { window.jsQR ? resolve(window.jsQR) : reject(new Error("jsQR missing")); };
        s.onerror = function () { loading = null; reject(new Error("jsQR did not load")); };
        document.head.appendChild(s);
      });
    }
    return loading;
  }

  function pickDecoder() {
    if (window.__safehouseForceJSQR || !("BarcodeDetector" in window)) return Promise.resolve(null);
    return window.BarcodeDetector.getSupportedFormats().then(function (formats) {
      return formats.indexOf("qr_code") >= 0 ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;
    }, function () { return null; });
  }

  var canvas = null;
  function decodeFrame() {
    if (!video || video.readyState < 2 || !video.videoWidth) return Promise.resolve(null);
    if (detector) {
      return detector.detect(video).then(function (codes) { return codes.length ? codes[0].rawValue : null; });
    }
    return loadJSQR().then(function (jsQR) {
      var w = video.videoWidth, h = video.videoHeight, scale = Math.min(1, 640 / Math.max(w, h));
      w = Math.round(w * scale); h = Math.round(h * scale);
      canvas = canvas || document.createElement("canvas");
      canvas.width = w; canvas.height = h;
      var g = canvas.getContext("2d", { willReadFrequently: true });
      g.drawImage(video, 0, 0, w, h);
      var found = jsQR(g.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "dontInvert" });
      return found ? found.data : null;
    });
  }

  function tick() {
    frameTimer = 0;
    if (!stream || busy) return;
    busy = true;
    decodeFrame().then(function (text) {
      busy = false;
      if (text && stream) {
        finished = video;
        stop();
        report("code", text);
        return;
      }
      if (stream) frameTimer = setTimeout(tick, 150);
    }, function (err) {
      busy = false;
      finished = video;
      stop();
      report("error", (err && err.message) || "decoder");
    });
  }

  function start(v) {
    video = v;
    if (!window.isSecureContext || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      finished = v;
      report("error", "insecure");
      return;
    }
    stream = "opening";
    Promise.all([
      navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
      pickDecoder(),
    ]).then(function (got) {
      if (stream !== "opening" || !video || !video.isConnected) {
        got[0].getTracks().forEach(function (t) { t.stop(); });
        return;
      }
      stream = got[0];
      detector = got[1];
      video.srcObject = stream;
      video.setAttribute("playsinline", "");
      video.muted = true;
      var playing = video.play();
      if (playing && playing.catch) playing.catch(function () {});
      tick();
    }, function (err) {
      stream = null;
      finished = video;
      report("error", (err && err.name) || "camera");
    });
  }

  function stop() {
    if (frameTimer) clearTimeout(frameTimer);
    frameTimer = 0;
    if (stream && stream !== "opening") stream.getTracks().forEach(function (t) { t.stop(); });
    if (video) video.srcObject = null;
    stream = null;
    video = null;
  }

  // The screen comes and goes with go-app's renders: follow its video element.
  function watch() {
    if (watchTimer) return;
    watchTimer = setInterval(function () {
      var v = document.querySelector("video.qr-video");
      if (!v) {
        if (stream) stop();
        clearInterval(watchTimer);
        watchTimer = 0;
        return;
      }
      if (v === video || v === finished) return;
      if (stream) stop();
      start(v);
    }, 200);
  }

  window.safehouseScan = { watch: watch, stop: stop };
  watch();
})();
