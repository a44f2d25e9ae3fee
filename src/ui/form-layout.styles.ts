/** The video forms' layout (upload and edit): labelled fields and the thumbnail preview. */
import styled from 'styled-components';
import { inputLook } from './text-field';

export const Form = styled.form`
  /* Native file pickers follow the dark theme. */
  color-scheme: dark;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  > label,
  > span {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  input[type='text'],
  textarea {
    ${inputLook}
  }
  textarea {
    resize: vertical;
    min-height: 90px;
  }
  input[type='file'] {
    font-size: ${({ theme }) => theme.font.size.sm};
    max-width: 100%;
  }
`;

export const Preview = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  img,
  .empty {
    width: 160px;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    display: grid;
    place-items: center;
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
