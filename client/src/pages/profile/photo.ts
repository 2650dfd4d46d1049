import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_SIDE,
  PHOTO_QUALITY_KEPT,
  PHOTO_QUALITY_RESIZED,
} from '../../../../common/limits';
import { MSG } from '../../../../common/messages';

/** A photo the player must replace; `message` is the French text to show. */
export class PhotoError extends Error {
  override readonly name = 'PhotoError';
}

interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  release?: () => void;
}

export interface PhotoTools {
  decode: (file: File) => Promise<DecodedImage>;
  encode: (image: DecodedImage, width: number, height: number, quality: number) => string;
}

function decodeWithImage(file: File): Promise<DecodedImage> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () =>
      resolve({
        source: img,
        width: img.naturalWidth,
        height: img.naturalHeight,
        release: () => URL.revokeObjectURL(url),
      });
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('image decode failed'));
    };
    img.src = url;
  });
}

function encodeWithCanvas(
  image: DecodedImage,
  width: number,
  height: number,
  quality: number,
): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#ffffff'; // JPEG has no transparency: a transparent PNG gets a white background.
  context.fillRect(0, 0, width, height);
  context.drawImage(image.source, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', quality);
}

const browserPhotoTools: PhotoTools = { decode: decodeWithImage, encode: encodeWithCanvas };

/** The size a photo is stored at: at most 800 px on its longer side, never enlarged. */
export function targetSize(width: number, height: number) {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  return {
    width: Math.round(width * scale),
    height: Math.round(height * scale),
    resized: scale < 1,
  };
}

/**
 * Checks and shrinks a chosen photo (spec section 5): images only, 5 MB at most, then re-encoded
 * as JPEG — scaled to 800 px at quality 0.6 when larger, else kept at its size at quality 0.7.
 * Returns a data URL for `users.update`.
 */
export async function preparePhoto(
  file: File,
  tools: PhotoTools = browserPhotoTools,
): Promise<string> {
  if (!file.type.startsWith('image/')) throw new PhotoError(MSG.profile.photoNotImage);
  if (file.size > PHOTO_MAX_BYTES)
    throw new PhotoError(MSG.profile.photoTooLarge(file.size, PHOTO_MAX_BYTES));
  let image: DecodedImage;
  try {
    image = await tools.decode(file);
  } catch {
    throw new PhotoError(MSG.profile.photoLoadFailed);
  }
  try {
    const size = targetSize(image.width, image.height);
    return tools.encode(
      image,
      size.width,
      size.height,
      size.resized ? PHOTO_QUALITY_RESIZED : PHOTO_QUALITY_KEPT,
    );
  } catch {
    throw new PhotoError(MSG.profile.photoLoadFailed);
  } finally {
    image.release?.();
  }
}
