/**
 * The upload dialog's default thumbnail: the frame at THUMBNAIL_CAPTURE_SECONDS of the chosen
 * video, drawn on a canvas and encoded as JPEG, entirely in the browser (nothing is sent until
 * the user submits). A video shorter than that gives its middle frame instead.
 */
import { THUMBNAIL_CAPTURE_SECONDS } from '../../machines/constants';

/** Largest side of the captured image: enough for a 16:9 card, small enough to upload fast. */
const MAX_WIDTH = 1280;
const JPEG_QUALITY = 0.85;

function once(target: EventTarget, ok: string, fail = 'error'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(ok, done);
      target.removeEventListener(fail, failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(ok, done);
      target.removeEventListener(fail, failed);
      reject(new Error('This video cannot be read by the browser to make a thumbnail'));
    };
    target.addEventListener(ok, done);
    target.addEventListener(fail, failed);
  });
}

export async function captureThumbnail(
  file: Blob,
  atSeconds: number = THUMBNAIL_CAPTURE_SECONDS,
): Promise<Blob> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata');
    video.src = url;
    await loaded;
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const at = duration > atSeconds ? atSeconds : duration / 2;
    const seeked = once(video, 'seeked');
    video.currentTime = at;
    await seeked;
    const scale = Math.min(1, MAX_WIDTH / (video.videoWidth || MAX_WIDTH));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
    canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw a thumbnail');
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the thumbnail'))),
        'image/jpeg',
        JPEG_QUALITY,
      ),
    );
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
