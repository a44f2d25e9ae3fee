/** The seek-preview map's real actor (issue 34): the WebVTT file, read into tiles. */
import { fromPromise } from 'xstate';
import { parsePreviewMap, type PreviewTile } from '../../machines/seek-preview-map';

export const fetchPreviewMap = fromPromise<PreviewTile[], { url: string }>(
  async ({ input, signal }) => {
    const response = await fetch(input.url, { signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`seek previews: ${response.status}`);
    return parsePreviewMap(await response.text(), input.url);
  },
);

export const seekPreviewActors = { fetchPreviewMap };
