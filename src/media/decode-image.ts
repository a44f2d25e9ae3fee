/**
 * Whether the browser can decode a picked file as a picture: the last check of a picture before
 * it is sent (machines/image-file-check.ts has the cheap ones). A file that claims to be a PNG
 * but holds text, or a truncated JPEG, fails here instead of after the upload.
 */
export async function decodeImage(file: Blob): Promise<void> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    // decode() rejects with an EncodingError when the bytes are no picture the browser reads.
    await image.decode();
    if (image.naturalWidth === 0 || image.naturalHeight === 0) throw new Error('empty picture');
  } finally {
    URL.revokeObjectURL(url);
  }
}
