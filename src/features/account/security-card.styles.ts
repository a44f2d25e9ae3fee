import styled from 'styled-components';

/** The card of Settings → Devices and Two-step sign-in, like the settings forms' card. */
export const SecurityCard = styled.section`
  display: grid;
  gap: 16px;
  max-width: 640px;
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  p.lead {
    margin-top: -8px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
  }
  form {
    display: grid;
    gap: 12px;
  }
`;
