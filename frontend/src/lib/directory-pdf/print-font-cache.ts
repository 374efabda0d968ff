/** The regular and bold faces a printout embeds, as bytes. */
export interface PrintFontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

type FetchFont = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'arrayBuffer'>>;

/**
 * The print fonts, fetched once per page (docs/benchmarks.md, "Admin waits"): the print form asks for them as it
 * opens, so the click on "Create" finds them in memory, and every later printout (directory or letters) reuses
 * them. A failed fetch is forgotten, so the next printout asks again.
 */
export function printFontCache(urls: { regular: string; bold: string }, fetchFont: FetchFont = (url) => fetch(url)): () => Promise<PrintFontBytes> {
  let pending: Promise<PrintFontBytes> | undefined;
  const bytes = async (url: string) => {
    const response = await fetchFont(url);
    if (!response.ok) throw new Error(`font ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const load = async (): Promise<PrintFontBytes> => {
    const [regular, bold] = await Promise.all([bytes(urls.regular), bytes(urls.bold)]);
    return { regular, bold };
  };
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
