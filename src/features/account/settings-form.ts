import styled, { css } from 'styled-components';

/** The card every Settings section sits in: a bordered surface with its heading and lead line. */
export const settingsCard = css`
  display: grid;
  gap: 16px;
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p.lead {
    margin: -8px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
  }
`;

/** The card both settings forms sit in (Personal Information, Change Password). */
export const SettingsForm = styled.form`
  ${settingsCard}
  max-width: 560px;
`;
