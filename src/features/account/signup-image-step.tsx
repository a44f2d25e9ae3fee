/**
 * The profile-picture and cover steps of the signup wizard: the preview, the picker with its
 * refusal beside it, and 'Use Default Image'. Whether a file is taken is the machine's call
 * (machines/image-file-check.ts, then the browser decodes it); this view only shows the answer.
 */
import { MESSAGES } from '../../../machines/messages';
import { Button } from '../../ui/button';
import { ImagePicker } from './image-picker';
import { AvatarPreview, CoverPreview, Note } from './signup-wizard.styles';

export const DEFAULT_AVATAR = '/default-avatar.png';
export const DEFAULT_COVER = '/default-cover.png';

export interface SignupImageStepProps {
  kind: 'avatar' | 'cover';
  /** The picked (or default) picture's object URL; null shows the bundled default. */
  url: string | null;
  error: string | null;
  checking: boolean;
  loadingDefault: boolean;
  onFile: (file: File) => void;
  onUseDefault: () => void;
}

export function SignupImageStep({
  kind,
  url,
  error,
  checking,
  loadingDefault,
  onFile,
  onUseDefault,
}: SignupImageStepProps) {
  return (
    <>
      {kind === 'avatar' ? (
        <AvatarPreview src={url ?? DEFAULT_AVATAR} alt="Profile picture preview" />
      ) : (
        <CoverPreview src={url ?? DEFAULT_COVER} alt="Cover image preview" />
      )}
      <ImagePicker
        label={kind === 'avatar' ? 'Choose profile picture' : 'Choose cover image'}
        onFile={onFile}
        disabled={loadingDefault || checking}
        error={error}
      />
      {checking && <Note aria-live="polite">Checking the picture…</Note>}
      <Button variant="ghost" onClick={onUseDefault} loading={loadingDefault} disabled={checking}>
        {MESSAGES.useDefaultImage}
      </Button>
    </>
  );
}
