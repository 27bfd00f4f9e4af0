// The demo studio's pictures, drawn here as SVG: duotone art per class type, the studio's cover
// and logo. Coaches' portraits come from DiceBear's Notionists (CC0), on their class's colour.
// `npm run demo-pictures` renders them to WebP in Chromium (make.ts).

const GRAIN = `<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.22 0"/></filter>`;
const grain = (w: number, h: number) =>
  `<rect width="${w}" height="${h}" filter="url(#grain)" opacity="0.55"/>`;

/** Cycling: a wheel's arcs and speed lines in ember on near-black. */
export function cyclingArt(w = 1500, h = 1000): string {
  const arcs = Array.from({ length: 9 }, (_, i) => {
    const r = 120 + i * 70;
    return `<circle cx="${w * 0.68}" cy="${h * 0.62}" r="${r}" fill="none" stroke="url(#ember)" stroke-width="${26 - i * 2}" stroke-dasharray="${r * 1.2} ${r * 0.5}" transform="rotate(${i * 23} ${w * 0.68} ${h * 0.62})" opacity="${1 - i * 0.08}"/>`;
  }).join('');
  const lines = Array.from({ length: 14 }, (_, i) => {
    const y = 140 + i * 55;
    const x = 60 + ((i * 97) % 260);
    return `<rect x="${x}" y="${y}" width="${300 + ((i * 131) % 420)}" height="10" rx="5" fill="#ffb199" opacity="${0.25 + (i % 4) * 0.12}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">
  <defs>${GRAIN}
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a0d06"/><stop offset="1" stop-color="#6d1f0b"/></linearGradient>
    <linearGradient id="ember" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ff8a5b"/><stop offset="1" stop-color="#e4572e"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>${lines}${arcs}
  <circle cx="${w * 0.68}" cy="${h * 0.62}" r="54" fill="#e4572e"/>${grain(w, h)}</svg>`;
}

/** Yoga: a low sun and layered hills in teal, calm. */
export function yogaArt(w = 1500, h = 1000): string {
  const hills = [0, 1, 2, 3]
    .map((i) => {
      const y = h * (0.58 + i * 0.1);
      const colors = ['#8fe3df', '#4fcfca', '#17bebb', '#0b7f7d'];
      return `<path d="M0 ${y} C ${w * 0.25} ${y - 90 + i * 20}, ${w * 0.55} ${y + 80}, ${w} ${y - 40 + i * 15} L ${w} ${h} L 0 ${h} Z" fill="${colors[i]}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">
  <defs>${GRAIN}
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9fbfa"/><stop offset="1" stop-color="#bdeeea"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff7e0"/><stop offset="1" stop-color="#ffd59a"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.36}" cy="${h * 0.56}" r="${h * 0.26}" fill="url(#sun)"/>
  <circle cx="${w * 0.36}" cy="${h * 0.56}" r="${h * 0.34}" fill="none" stroke="#ffd59a" stroke-width="6" opacity="0.5"/>
  ${hills}${grain(w, h)}</svg>`;
}

/** HIIT: bold diagonals and a zigzag of energy in yellow on ink. */
export function hiitArt(w = 1500, h = 1000): string {
  const stripes = Array.from({ length: 12 }, (_, i) => {
    const x = -400 + i * 190;
    return `<polygon points="${x},${h} ${x + 90},${h} ${x + 90 + h * 0.6},0 ${x + h * 0.6},0" fill="${i % 3 === 0 ? '#ffc914' : '#ffe07a'}" opacity="${i % 3 === 0 ? 0.95 : 0.18}"/>`;
  }).join('');
  const zig = `M ${w * 0.08} ${h * 0.72} L ${w * 0.32} ${h * 0.38} L ${w * 0.46} ${h * 0.6} L ${w * 0.7} ${h * 0.22} L ${w * 0.84} ${h * 0.44}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">
  <defs>${GRAIN}<linearGradient id="ink" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#141414"/><stop offset="1" stop-color="#2c2616"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#ink)"/>${stripes}
  <path d="${zig}" fill="none" stroke="#141414" stroke-width="70" stroke-linejoin="round" stroke-linecap="round"/>
  <path d="${zig}" fill="none" stroke="#fff3c4" stroke-width="26" stroke-linejoin="round" stroke-linecap="round"/>${grain(w, h)}</svg>`;
}

/** The studio's cover: rings of rhythm in the studio's purple, light from the right. */
export function coverArt(w = 1920, h = 1080): string {
  const rings = Array.from({ length: 11 }, (_, i) => {
    const r = 90 + i * 85;
    return `<circle cx="${w * 0.74}" cy="${h * 0.5}" r="${r}" fill="none" stroke="${i % 2 ? '#c9a6ee' : '#8f5cc7'}" stroke-width="${i % 3 === 0 ? 18 : 6}" opacity="${0.9 - i * 0.06}"/>`;
  }).join('');
  const bars = Array.from({ length: 24 }, (_, i) => {
    const height = 60 + Math.round(Math.abs(Math.sin(i * 0.7)) * 260);
    return `<rect x="${80 + i * 34}" y="${h * 0.82 - height}" width="18" height="${height}" rx="9" fill="#e7d6fb" opacity="${0.18 + (i % 5) * 0.08}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">
  <defs>${GRAIN}
    <linearGradient id="night" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b0b2b"/><stop offset="0.55" stop-color="#3d1a5f"/><stop offset="1" stop-color="#5b2a86"/></linearGradient>
    <radialGradient id="glow" cx="0.74" cy="0.5" r="0.5"><stop offset="0" stop-color="#ff8a5b" stop-opacity="0.85"/><stop offset="1" stop-color="#ff8a5b" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#night)"/>
  <rect width="${w}" height="${h}" fill="url(#glow)"/>${rings}${bars}
  <circle cx="${w * 0.74}" cy="${h * 0.5}" r="70" fill="#ff8a5b"/>${grain(w, h)}</svg>`;
}

/** The studio's logo: an R in a rounded square, the studio's purple. */
export function logoArt(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5b2a86"/><circle cx="47" cy="17" r="5" fill="#ff8a5b"/><path d="M20 46V18h13a9 9 0 0 1 0 18h-6l12 10" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}
