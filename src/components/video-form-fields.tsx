/**
 * The fields the video forms share (upload and edit): the thumbnail with its preview and picker,
 * and the title and description boxes, with the server's length limits. Each form says which are
 * required in its labels and what a change means to its machine.
 */
import type { ReactNode } from 'react';
import { LIMITS } from '../../contract/limits';
import { Field, Preview } from '../ui/form-layout.styles';

export function ThumbnailField({
  id,
  label,
  preview,
  empty,
  onChosen,
  disabled = false,
}: {
  id: string;
  label: string;
  /** The image shown, with its alt text; null shows `empty` instead. */
  preview: { url: string; alt: string } | null;
  empty?: ReactNode;
  onChosen: (file: File) => void;
  disabled?: boolean;
}) {
  return (
    <Field>
      <span id={`${id}-label`}>{label}</span>
      <Preview>
        {preview ? (
          <img src={preview.url} alt={preview.alt} />
        ) : (
          <div className="empty">{empty}</div>
        )}
        <div>
          <label htmlFor={id} className="visually-hidden">
            {preview ? 'Replace thumbnail' : 'Choose thumbnail'}
          </label>
          <input
            id={id}
            type="file"
            accept="image/*"
            disabled={disabled}
            aria-describedby={`${id}-label`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onChosen(file);
            }}
          />
        </div>
      </Preview>
    </Field>
  );
}

export type VideoTextField = 'title' | 'description';

export function TitleAndDescription({
  id,
  title,
  description,
  descriptionLabel,
  onChange,
  readOnly = false,
}: {
  id: string;
  title: string;
  description: string;
  /** 'Description *' where it is required (upload), 'Description' where not (edit). */
  descriptionLabel: string;
  onChange: (field: VideoTextField, value: string) => void;
  /** A save runs: the boxes keep focus and text but take no typing. */
  readOnly?: boolean;
}) {
  return (
    <>
      <Field>
        <label htmlFor={`${id}-title`}>Title *</label>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          maxLength={LIMITS.title.max}
          readOnly={readOnly}
          onChange={(e) => onChange('title', e.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={`${id}-description`}>{descriptionLabel}</label>
        <textarea
          id={`${id}-description`}
          value={description}
          maxLength={LIMITS.description.max}
          readOnly={readOnly}
          onChange={(e) => onChange('description', e.target.value)}
        />
      </Field>
    </>
  );
}
