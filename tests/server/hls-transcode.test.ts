/**
 * HLS building blocks against real ffmpeg output: the rendition ladder, one rendition's transcode
 * (size, codec, keyframes, segments, measured bandwidth) and the master playlist, read back by an
 * independent parser (hls-parser).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import HLS from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecsOf, renditionsFor } from '../../server/media/hls/ladder.js';
import { masterPlaylist } from '../../server/media/hls/master-playlist.js';
import {
  outputSize,
  transcodeRendition,
  type SourceVideo,
} from '../../server/media/hls/transcode-rendition.js';
import { probeVideo } from '../../server/media/video-probe.js';
import { runBinary } from '../../server/media/run-binary.js';
import { ffprobePath } from '../../server/media/binaries.js';
import { fixturePath } from './media-fixtures.js';

describe('rendition ladder', () => {
  it('never goes taller than the source, lowest first', () => {
    expect(renditionsFor(2160).map((r) => r.height)).toEqual([480, 720, 1080]);
    expect(renditionsFor(1080).map((r) => r.height)).toEqual([480, 720, 1080]);
    expect(renditionsFor(720).map((r) => r.height)).toEqual([480, 720]);
    expect(renditionsFor(719).map((r) => r.height)).toEqual([480]);
  });

  it('gives a small source one rendition at its own even height', () => {
    expect(renditionsFor(360).map((r) => r.height)).toEqual([360]);
    expect(renditionsFor(121).map((r) => r.height)).toEqual([120]);
  });

  it('sizes portrait sources by their short side', () => {
    const [r480] = renditionsFor(1080);
    const portrait = { path: '', width: 1080, height: 1920, duration: 1 };
    expect(outputSize(portrait, r480!)).toEqual({ width: 480, height: 854 });
    const landscape = { path: '', width: 1920, height: 1080, duration: 1 };
    expect(outputSize(landscape, r480!)).toEqual({ width: 854, height: 480 });
  });

  it('names codecs as RFC 6381 strings, audio only when the source has sound', () => {
    const [r480, r720, r1080] = renditionsFor(1080);
    expect(codecsOf(r480!, true)).toBe('avc1.4d401e,mp4a.40.2');
    expect(codecsOf(r720!, true)).toBe('avc1.4d401f,mp4a.40.2');
    expect(codecsOf(r1080!, false)).toBe('avc1.4d4028');
  });
});

describe('one rendition', () => {
  let dir: string;
  let source: SourceVideo;
  const progress: number[] = [];
  let result: Awaited<ReturnType<typeof transcodeRendition>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hls-test-'));
    const file = await fixturePath('hd.mp4');
    const probe = await probeVideo(file);
    source = { path: file, width: probe.width, height: probe.height, duration: probe.duration };
    result = await transcodeRendition(source, renditionsFor(720)[0]!, dir, 'abc-480p', {
      onProgress: (f) => progress.push(f),
    });
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes 480p H.264 Main with AAC, no taller than asked', async () => {
    expect(result).toMatchObject({ width: 854, height: 480 });
    const { stdout } = await runBinary(
      ffprobePath(),
      ['-v', 'error', '-print_format', 'json', '-show_streams', path.join(dir, 'abc-480p.m3u8')],
      30_000,
    );
    const streams = (JSON.parse(stdout) as { streams: Record<string, unknown>[] }).streams;
    expect(streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_name: 'h264', profile: 'Main', width: 854, height: 480 }),
        expect.objectContaining({ codec_name: 'aac' }),
      ]),
    );
  });

  it('cuts fMP4 segments of about 4 s with a keyframe every 2 s', async () => {
    // 6 s of source: 4 s + 2 s, named after the stem so they can live flat in one folder.
    expect(result.files).toEqual([
      'abc-480p.m3u8',
      'abc-480p-init.mp4',
      'abc-480p-00000.m4s',
      'abc-480p-00001.m4s',
    ]);
    expect(result.segments).toBe(2);
    const { stdout } = await runBinary(
      ffprobePath(),
      [
        '-v',
        'error',
        '-select_streams',
        'v',
        '-show_entries',
        'packet=pts_time,flags',
        '-of',
        'csv=p=0',
        path.join(dir, 'abc-480p.m3u8'),
      ],
      30_000,
    );
    const keyframes = stdout
      .split('\n')
      .filter((line) => line.includes(',K'))
      .map((line) => Math.round(Number(line.split(',')[0])));
    expect(keyframes).toEqual([0, 2, 4]);
  });

  it('measures a peak bandwidth at or above the average, both real', () => {
    expect(result.average).toBeGreaterThan(10_000);
    expect(result.peak).toBeGreaterThanOrEqual(result.average);
  });

  it('reports progress up to the end', () => {
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.max(...progress)).toBeGreaterThan(0.8);
  });

  it("fails with ffmpeg's reason on a file that is not a video", async () => {
    const bad = { ...source, path: path.join(dir, 'missing.mp4') };
    await expect(transcodeRendition(bad, renditionsFor(720)[0]!, dir, 'x-480p')).rejects.toThrow(
      /ffmpeg/,
    );
  });
});

describe('master playlist', () => {
  it('lists each ready rendition with bandwidth, resolution and codecs, lowest first', () => {
    const text = masterPlaylist([
      {
        name: '720p',
        width: 1280,
        height: 720,
        bandwidth: 2_500_000,
        averageBandwidth: 2_000_000,
        codecs: 'avc1.4d401f,mp4a.40.2',
        uri: '720p/index.m3u8',
      },
      {
        name: '480p',
        width: 854,
        height: 480,
        bandwidth: 1_200_000,
        averageBandwidth: 900_000,
        codecs: 'avc1.4d401e,mp4a.40.2',
        uri: '480p/index.m3u8',
      },
    ]);
    const parsed = HLS.parse(text) as HLS.types.MasterPlaylist;
    expect(parsed.isMasterPlaylist).toBe(true);
    expect(
      parsed.variants.map((v) => [v.uri, v.bandwidth, v.averageBandwidth, v.resolution, v.codecs]),
    ).toEqual([
      ['480p/index.m3u8', 1_200_000, 900_000, { width: 854, height: 480 }, 'avc1.4d401e,mp4a.40.2'],
      [
        '720p/index.m3u8',
        2_500_000,
        2_000_000,
        { width: 1280, height: 720 },
        'avc1.4d401f,mp4a.40.2',
      ],
    ]);
  });
});
