import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectSeparator, fromCellText, parseCsv, toCellText, writeCsv, type CsvSeparator } from '@shared/format/csv';

/** The RFC 4180 reader and writer of the import and export (shared/format/csv.ts). */

function records(text: string, separator?: CsvSeparator) {
  const result = parseCsv(text, separator ? { separator } : {});
  if (!result.ok) throw new Error(`unexpected ${result.error.code} at line ${result.error.line}`);
  return result.records;
}
const fields = (text: string) => records(text).map((record) => record.fields);

describe('parseCsv', () => {
  it('reads plain comma-separated records with LF, CRLF or CR line ends', () => {
    const expected = [
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ];
    expect(fields('a,b,c\n1,2,3\n')).toEqual(expected);
    expect(fields('a,b,c\r\n1,2,3\r\n')).toEqual(expected);
    expect(fields('a,b,c\r1,2,3')).toEqual(expected);
  });

  it('detects semicolons, as French-locale spreadsheets write them', () => {
    const result = parseCsv('Prénom;Nom;Courriel\nLéa;Côté;lea@x.example\n');
    expect(result.ok && result.separator).toBe(';');
    expect(fields('Prénom;Nom;Courriel\nLéa;Côté;lea@x.example\n')[1]).toEqual(['Léa', 'Côté', 'lea@x.example']);
  });

  it('decides the separator on the header row only, outside quotes', () => {
    expect(detectSeparator('a;b;c\n"1,2,3,4,5",x,y')).toBe(';');
    expect(detectSeparator('"a;b;c",d\n')).toBe(',');
    expect(detectSeparator('\uFEFFa;b')).toBe(';');
    expect(detectSeparator('single')).toBe(',');
  });

  it('strips a UTF-8 byte-order mark and says it was there', () => {
    const result = parseCsv('\uFEFFCode;Nom\nA;Classe A\n');
    expect(result.ok && result.hadBom).toBe(true);
    expect(result.ok && result.records[0]!.fields).toEqual(['Code', 'Nom']);
  });

  it('keeps separators, line breaks and doubled quotes inside quoted fields', () => {
    const text = 'name,address,note\n"Roy, Jean","1234, rue des Érables\nApp. 2","Il a dit ""bonjour"""\n';
    expect(fields(text)[1]).toEqual(['Roy, Jean', '1234, rue des Érables\nApp. 2', 'Il a dit "bonjour"']);
  });

  it('numbers records by the line they start on, quoted line breaks included', () => {
    const result = records('h1,h2\n"a\nb\nc",x\ny,z\n');
    expect(result.map((record) => record.line)).toEqual([1, 2, 5]);
    expect(records('h\r\n"x\r\ny"\r\nz\r\n').map((record) => record.line)).toEqual([1, 2, 4]);
  });

  it('keeps empty fields, including a trailing one, and a last line without a line end', () => {
    expect(fields('a,,c,\n,,x,')).toEqual([
      ['a', '', 'c', ''],
      ['', '', 'x', ''],
    ]);
    expect(fields('"",b\n')).toEqual([['', 'b']]);
  });

  it('skips blank lines and rows of separators only (spreadsheets write those)', () => {
    expect(records('a;b\n\n;;\n1;2\n\n').map((record) => [record.line, record.fields])).toEqual([
      [1, ['a', 'b']],
      [4, ['1', '2']],
    ]);
  });

  it('keeps a quote typed inside an unquoted field as a character', () => {
    expect(fields('Jean "JJ" Roy,x')).toEqual([['Jean "JJ" Roy', 'x']]);
  });

  it('reports a quote never closed, with the line where it opened', () => {
    const result = parseCsv('a,b\n1,"open\n2,3\n');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toEqual({ code: 'UNTERMINATED_QUOTE', line: 2, column: 2 });
  });

  it('reports text after a closing quote, but tolerates spaces there', () => {
    const result = parseCsv('a,b\n"x"y,z\n');
    expect(!result.ok && result.error).toEqual({ code: 'TEXT_AFTER_QUOTE', line: 2, column: 1 });
    expect(fields('"x"  ,z')).toEqual([['x', 'z']]);
  });

  it('returns nothing for an empty text', () => {
    expect(records('')).toEqual([]);
    expect(records('\uFEFF')).toEqual([]);
  });
});

describe('writeCsv', () => {
  it('quotes only the fields that need it, with CRLF line ends and a byte-order mark', () => {
    const text = writeCsv([
      ['a', 'b, c', 'd"e'],
      ['line\nbreak', ' padded', 'plain'],
    ]);
    expect(text).toBe('\uFEFFa,"b, c","d""e"\r\n"line\nbreak"," padded",plain\r\n');
  });

  it('writes semicolons and quotes fields holding them', () => {
    expect(writeCsv([['a;b', 'c,d']], { separator: ';', bom: false })).toBe('"a;b";c,d\r\n');
  });

  it('neutralises formulas (CSV injection) and the reader restores the value', () => {
    expect(toCellText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(toCellText('-5')).toBe("'-5");
    expect(toCellText("l'école")).toBe("l'école");
    expect(fromCellText(toCellText('@cmd'))).toBe('@cmd');
    expect(fromCellText("'plain")).toBe("'plain");
    expect(toCellText("'=x")).toBe("''=x");
    expect(fromCellText("''=x")).toBe("'=x");
    const [row] = fields(writeCsv([['+1 514 555-1234', "'quoted"]], { bom: false }));
    expect(row!.map(fromCellText)).toEqual(['+1 514 555-1234', "'quoted"]);
  });

  it('round-trips any table through the reader, with either separator', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'é', ' ', ',', ';', '"', '\n', '\r\n', "'", '=', 'x') });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom<CsvSeparator>(',', ';'),
        (table, separator) => {
          // A header row of plain names: the reader skips all-empty rows, and detection reads the header.
          const width = table[0]!.length;
          const rows = table.map((row) => row.slice(0, width)).filter((row) => row.length === width);
          const header = Array.from({ length: width }, (_, i) => `h${i}`);
          const written = writeCsv([header, ...rows], { separator });
          const read = parseCsv(written);
          expect(read.ok).toBe(true);
          if (!read.ok) return;
          expect(read.separator).toBe(separator);
          const expected = rows.filter((row) => row.some((value) => value !== ''));
          expect(read.records.slice(1).map((record) => record.fields.map(fromCellText))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
