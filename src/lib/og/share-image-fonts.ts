/**
 * Build time: Pretendard for the share pictures. satori lays out text with the package's OTF
 * files (it reads OTF, TTF and WOFF, not WOFF2); sharp draws text inside SVG pictures through
 * fontconfig, which is pointed at the same files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Weight = 500 | 700 | 800;
type SatoriFont = { name: string; data: Buffer; weight: Weight; style: 'normal' };
let fonts: SatoriFont[] | undefined;

function projectRequire(root: string) {
  return createRequire(join(root, 'package.json'));
}

const WEIGHTS: readonly [Weight, string][] = [
  [500, 'Pretendard-Medium'],
  [700, 'Pretendard-Bold'],
  [800, 'Pretendard-ExtraBold'],
];

/** The font files satori draws with (their bytes are part of every share picture's key). */
export function shareFontFiles(root: string): string[] {
  const require = projectRequire(root);
  return WEIGHTS.map(([, name]) => require.resolve(`pretendard/dist/public/static/${name}.otf`));
}

/** Pretendard Medium, Bold and ExtraBold for satori, read once. */
export function loadFonts(root: string): SatoriFont[] {
  if (fonts) return fonts;
  const files = shareFontFiles(root);
  fonts = WEIGHTS.map(([weight], index) => ({
    name: 'Pretendard',
    data: readFileSync(files[index]!),
    weight,
    style: 'normal',
  }));
  return fonts;
}

let fontconfigReady = false;

/**
 * Text inside SVG pictures (the illustrations name Pretendard) is drawn by librsvg through
 * fontconfig. Registering the package's fonts means those pictures look the same on a build
 * machine without Korean system fonts. Must run before sharp first draws text.
 */
export function registerFontsForSvg(root: string): void {
  if (fontconfigReady || process.env.FONTCONFIG_FILE) return;
  fontconfigReady = true;
  try {
    const dir = join(projectRequire(root).resolve('pretendard/dist/public/static/Pretendard-Bold.otf'), '..');
    const conf = join(tmpdir(), `insighthire-og-fonts-${process.pid}.conf`);
    const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    writeFileSync(
      conf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
        `  <dir>${escape(dir)}</dir>\n  <cachedir>${escape(join(tmpdir(), 'insighthire-og-fontcache'))}</cachedir>\n</fontconfig>\n`,
    );
    process.env.FONTCONFIG_FILE = conf;
  } catch {
    // Without it SVG text uses the system's fonts.
  }
}
