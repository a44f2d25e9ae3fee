/**
 * A tweet's text box with its character counter ("12 / 280"), used to post and to edit. Text over
 * the limit is not cut: the counter turns red, says why beside the box, and the machine refuses
 * to send it (machines/tweet-text.ts), so pasted text is never shortened behind the person's back.
 */
import { useId } from 'react';
import styled from 'styled-components';
import { TWEET_TEXTAREA_ROWS } from '../../machines/constants';
import { tweetCounter } from '../../machines/tweet-text';
import { FormError } from '../ui/form';
import { TextArea } from './tweets.styles';

const Counter = styled.small<{ $over: boolean }>`
  align-self: flex-end;
  font-size: ${({ theme }) => theme.font.size.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-weight: ${({ $over }) => ($over ? 600 : 400)};
`;

export interface TweetBoxProps {
  text: string;
  onText: (text: string) => void;
  /** The box's id, when a visible <label> names it; else `label` names it. */
  id?: string;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}

export function TweetBox({ text, onText, id, label, placeholder, disabled }: TweetBoxProps) {
  const own = useId();
  const counterId = `${own}-count`;
  const problemId = `${own}-problem`;
  const { length, max, over, problem } = tweetCounter(text);
  return (
    <>
      <TextArea
        id={id}
        aria-label={label}
        placeholder={placeholder}
        rows={TWEET_TEXTAREA_ROWS}
        value={text}
        disabled={disabled}
        aria-invalid={over || undefined}
        aria-describedby={over ? `${problemId} ${counterId}` : counterId}
        onChange={(e) => onText(e.target.value)}
      />
      <Counter id={counterId} $over={over}>
        {length} / {max}
      </Counter>
      <FormError id={problemId} message={problem} />
    </>
  );
}
