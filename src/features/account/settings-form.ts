import styled from 'styled-components';

/** The card both settings forms sit in (Personal Information, Change Password). */
export const SettingsForm = styled.form`
  display: grid;
  gap: 16px;
  max-width: 560px;
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
