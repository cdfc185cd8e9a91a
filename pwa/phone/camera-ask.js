// Before a phone makes an invitation or an answer for a table of phones, it
// asks for the camera. The camera reads the other phones' codes; and while a
// page has no camera (or microphone) permission, browsers hide the phone's
// own address behind a made-up name (<uuid>.local) that only phones on the
// same simple network can look up, and Android's Chrome not at all. Chromium
// decides when each connection is made, Safari once for the page, Firefox
// only while the camera is running: so the camera runs until the
// connection has gathered its addresses (release), and only then stops.
// docs/PHONE_TABLE.md, "Why the camera is asked".

// → {allowed, why, release()}; why: null, 'blocked' (the person or the
// browser said no), 'none' (no camera, or a page the browser gives none:
// not https). A camera another app holds was allowed all the same.
async function askCamera() {
  const none = (why) => ({ allowed: false, why, release() {} });
  if (!navigator.mediaDevices?.getUserMedia) return none('none');
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (error) {
    const name = error?.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') return none('blocked');
    if (name === 'NotReadableError' || name === 'AbortError') return { allowed: true, why: null, release() {} };
    return none('none');
  }
  let released = false;
  return {
    allowed: true,
    why: null,
    release() {
      if (released) return;
      released = true;
      for (const track of stream.getTracks()) track.stop();
    },
  };
}

// `make(answer)` run while the camera runs, the camera stopped afterwards
// whatever came of it. answer: 'allowed', 'blocked' or 'none', for the
// screen's words. → what `make` gave.
export async function withCamera(make) {
  const camera = await askCamera();
  try {
    return await make(camera.allowed ? 'allowed' : camera.why);
  } finally {
    camera.release();
  }
}
