import styled from 'styled-components';
import { settingsCard } from './settings-form';

/** The card of Settings → Devices and Two-step sign-in: the settings card, a little wider. */
export const SecurityCard = styled.section`
  ${settingsCard}
  max-width: 640px;
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  form {
    display: grid;
    gap: 12px;
  }
`;
