import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from '@shared/format/csv-decode';

/**
 * A CSV file's bytes (shared/format/csv-decode.ts): UTF-8 when they are, else Windows-1252, Excel for Windows' own
 * CSV (a trial's « Gagné » file was refused as "not UTF-8"), with its curly quotes, dashes, œ and € (the bytes
 * 0x80 to 0x9F, which Latin-1 reads as control characters).
 */
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeCsvBytes', () => {
  it('reads UTF-8 as UTF-8, its byte-order mark kept for the importer', () => {
    expect(decodeCsvBytes(utf8('\uFEFFPrénom;Nom\r\nZoé;Gagné\r\n'))).toEqual({ text: '\uFEFFPrénom;Nom\r\nZoé;Gagné\r\n', windows1252: false });
    expect(decodeCsvBytes(new ArrayBuffer(0))).toEqual({ text: '', windows1252: false });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, and says so', () => {
    // « Gagné;L’École – œuvre 5 € » as Excel for Windows saves it.
    const bytes = Uint8Array.from([0x47, 0x61, 0x67, 0x6e, 0xe9, 0x3b, 0x4c, 0x92, 0xc9, 0x63, 0x6f, 0x6c, 0x65, 0x20, 0x96, 0x20, 0x9c, 0x75, 0x76, 0x72, 0x65, 0x20, 0x35, 0x20, 0x80]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'Gagné;L’École – œuvre 5 €', windows1252: true });
    expect(decodeCsvBytes(bytes.buffer)).toEqual({ text: 'Gagné;L’École – œuvre 5 €', windows1252: true });
  });

  it('maps every byte of the 0x80-0x9F range to its Windows-1252 character', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
    expect(decodeCsvBytes(bytes).text).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
  });
});
