/**
 * A file picker for one image: the whole zone is a label around a visually hidden file input,
 * so clicking, keyboard (the input takes focus) and dropping a file all work. The machine decides
 * whether a file is accepted; this view only forwards what was offered.
 */
import { useId, type DragEvent } from 'react';
import styled from 'styled-components';
import { IMAGE_HINT } from '../../../machines/constants';
import { FormError } from '../../ui/form';
import { ImageIcon } from '../../ui/icons';

const Zone = styled.label<{ $over: boolean }>`
  display: grid;
  justify-items: center;
  gap: 6px;
  padding: 20px 16px;
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $over }) => ($over ? theme.colors.surfaceHover : theme.colors.bg)};
  text-align: center;
  cursor: pointer;
  transition:
    border-color 0.15s ease,
    background 0.15s ease;
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  strong {
    color: ${({ theme }) => theme.colors.accent};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  svg {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface ImagePickerProps {
  /** Accessible name of the file input, e.g. "Choose profile picture". */
  label: string;
  onFile: (file: File) => void;
  dragOver?: boolean;
  onDragOver?: () => void;
  onDragLeave?: () => void;
  disabled?: boolean;
  /** Why the last file offered was refused, shown under the zone and linked to the input. */
  error?: string | null;
}

export function ImagePicker({
  label,
  onFile,
  dragOver = false,
  onDragOver,
  onDragLeave,
  disabled,
  error,
}: ImagePickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const drop = (e: DragEvent) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
    else onDragLeave?.();
  };
  return (
    <>
      <Zone
        htmlFor={id}
        $over={dragOver}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragOver) onDragOver?.();
        }}
        onDragLeave={() => onDragLeave?.()}
        onDrop={drop}
      >
        <ImageIcon size={30} />
        <span>
          <strong>Click to choose</strong> or drag and drop
        </span>
        <small>{IMAGE_HINT}</small>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            // Let the same file be chosen again after it was removed.
            e.target.value = '';
          }}
        />
      </Zone>
      <FormError id={errorId} message={error} />
    </>
  );
}
