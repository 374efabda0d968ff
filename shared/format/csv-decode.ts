/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F (the rest of its upper half is Latin-1's): the curly quotes,
 * dashes, « œ » and « € » of French text typed in Excel. Written out here because Node's TextDecoder reads
 * "windows-1252" as Latin-1, which gives control characters for these bytes.
 */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  const codes = new Array<number>(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    codes[i] = byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_C1[byte - 0x80]! : byte;
  }
  let text = '';
  for (let i = 0; i < codes.length; i += 8_192) text += String.fromCharCode(...codes.slice(i, i + 8_192));
  return text;
}

/**
 * A CSV file's bytes as text: UTF-8 when they are UTF-8 (a byte-order mark kept: the importer removes it), else
 * Windows-1252, what Excel for Windows writes by default (« CSV (séparateur : point-virgule) »), so a volunteer's
 * « Gagné » arrives whole instead of the file being refused (docs/data-onboarding.md, "Files from Excel").
 * `windows1252` says which was read, for the screen to ask that the accents be checked.
 */
export function decodeCsvBytes(data: ArrayBuffer | Uint8Array): { text: string; windows1252: boolean } {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), windows1252: false };
  } catch {
    return { text: decodeWindows1252(bytes), windows1252: true };
  }
}
