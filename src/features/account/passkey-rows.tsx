/** The rows of Settings → Passkeys: name, when added, when last used, Rename and Remove. */
import styled from 'styled-components';
import type { Passkey } from '../../../contract/passkeys';
import { RelativeTime } from '../../components/relative-time';
import { Button } from '../../ui/button';
import { PlainList } from '../../ui/plain-list';

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 12px 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
const Text = styled.div`
  flex: 1 1 200px;
  min-width: 0;
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  p {
    margin: 2px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
`;
const Actions = styled.div`
  display: flex;
  gap: 8px;
`;

export function PasskeyRows({
  passkeys,
  disabled,
  onRename,
  onRemove,
}: {
  passkeys: Passkey[];
  disabled: boolean;
  onRename: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <PlainList aria-label="Your passkeys">
      {passkeys.map((p) => (
        <Row key={p._id}>
          <Text>
            <strong>{p.name}</strong>
            <p>
              Added <RelativeTime iso={p.createdAt} /> ·{' '}
              {p.lastUsedAt ? (
                <>
                  Last used <RelativeTime iso={p.lastUsedAt} />
                </>
              ) : (
                'Never used'
              )}
            </p>
          </Text>
          <Actions>
            <Button
              variant="secondary"
              disabled={disabled}
              aria-label={`Rename ${p.name}`}
              onClick={() => onRename(p._id)}
            >
              Rename
            </Button>
            <Button
              variant="ghost"
              disabled={disabled}
              aria-label={`Remove ${p.name}`}
              onClick={() => onRemove(p._id)}
            >
              Remove
            </Button>
          </Actions>
        </Row>
      ))}
    </PlainList>
  );
}
