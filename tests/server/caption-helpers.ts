/** Caption files for the captions and embed tests. */
export const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:04.000\nHello <i>captions</i>\n';
export const SRT =
  '1\r\n00:00:01,000 --> 00:00:03,500\r\nBonjour & bienvenue\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\n<b>Deux</b>\r\n';

/** A WebVTT file of `count` half-second cues, one a second. */
export function manyCues(count: number): string {
  const time = (s: number, ms: string) =>
    `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${ms}`;
  const cues = Array.from(
    { length: count },
    (_, i) => `${time(i, '000')} --> ${time(i, '500')}\nx`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
