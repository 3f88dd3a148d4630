// Optional sounds of the table, off until the player turns them on (kept in localStorage
// "briscola.sound"), at the volume chosen in the "?" dialog (prefs.js; "briscola.sound.volume"):
// a soft tap when a card is played, a swish when a trick is taken. Made with the Web Audio API (a
// short noise burst through a filter), so there are no files to load.

const KEY = "briscola.sound";
const VOLUME_KEY = "briscola.sound.volume";
let audio = null;

/** The volumes: each sound's own peak gain times this. */
export const VOLUMES = { quiet: 0.4, normal: 1, loud: 1.8 };

/** The volume chosen on this device (quiet, normal or loud; normal where none is saved). */
export function volume() {
  try {
    const v = localStorage.getItem(VOLUME_KEY);
    return v in VOLUMES ? v : "normal";
  } catch {
    return "normal";
  }
}

/** Keep `name` (one of VOLUMES) as this device's volume. */
export function setVolume(name) {
  if (!(name in VOLUMES)) return;
  try {
    localStorage.setItem(VOLUME_KEY, name);
  } catch {
    /* storage may be off: the choice lasts this page */
  }
}

/** Are the table's sounds on? (off unless the player turned them on) */
export function soundOn() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** Turn the sounds on or off; turning them on (a click) also lets the browser play them. */
export function setSound(on) {
  try {
    localStorage.setItem(KEY, on ? "1" : "0");
  } catch {
    /* storage may be off */
  }
  if (on) context()?.resume?.();
}

function context() {
  if (audio) return audio;
  const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Ctx) return null;
  audio = new Ctx();
  return audio;
}

/** The two sounds: [duration in s, filter frequency in Hz, peak gain]. */
const SOUNDS = { play: [0.07, 1800, 0.35], trick: [0.28, 700, 0.25] };

/** The peak gain of sound `name` ("play" or "trick") at the chosen volume. */
export function soundGain(name) {
  return SOUNDS[name][2] * VOLUMES[volume()];
}

/** Play `name` ("play" or "trick") when the sounds are on; silent otherwise or without audio. */
export function playSound(name) {
  if (!soundOn() || !SOUNDS[name]) return;
  const ctx = context();
  if (!ctx || ctx.state === "closed") return;
  const [length, freq] = SOUNDS[name];
  const peak = soundGain(name);
  const frames = Math.ceil(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = name === "play" ? "bandpass" : "lowpass";
  filter.frequency.value = freq;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(peak, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + length);
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start();
}

/** A small speaker drawn in SVG: with its waves when the sounds are on, crossed out when off. */
export function speakerIcon(on) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  const stroke = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"';
  svg.innerHTML =
    '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>' +
    (on
      ? `<path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" ${stroke}/>`
      : `<path d="M16 9l5 6M21 9l-5 6" ${stroke}/>`);
  return svg;
}
