/** The list of keyboard shortcuts (Shift+/): a dialog with the keymap's own table. */
import styled from 'styled-components';
import { SHORTCUTS } from '../../../machines/player-keymap';
import { Modal } from '../../ui/modal';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th,
  td {
    padding: 6px 4px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  kbd {
    font-family: inherit;
    font-weight: 600;
  }
`;

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} width={480}>
      <Table>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s.action}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Modal>
  );
}
