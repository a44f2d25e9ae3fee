import styled from 'styled-components';
import { MESSAGES } from '../../machines/messages';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { PasskeysSection } from '../features/account/passkeys-section';
import { DevicesSection } from '../features/account/devices-section';
import { TwoStepSection } from '../features/account/two-step-section';
import { PersonalInfoForm } from '../features/account/personal-info-form';
import { ProfileImages } from '../features/account/profile-images';
import { useCurrentUser } from '../session';
import { LinkTabs } from '../ui/tabs';
import { useDocumentTitle } from '../use-document-title';

const Page = styled.div`
  max-width: 1040px;
  margin: 0 auto;
`;
const Content = styled.div`
  padding-top: 20px;
`;

export type SettingsSection = 'ChangeInfo' | 'ChangePassword' | 'Devices' | 'TwoStep' | 'Passkeys';

/**
 * /Setting/ChangeInfo, /Setting/ChangePassword and (issue 32) /Setting/Devices,
 * /Setting/TwoStep and /Setting/Passkeys (guarded: a user is always signed in here).
 */
export default function SettingsPage({ section }: { section: SettingsSection }) {
  useDocumentTitle('Settings');
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Page>
      <ProfileImages user={user} />
      <LinkTabs
        label="Settings sections"
        items={[
          {
            label: MESSAGES.personalInformation,
            href: '/Setting/ChangeInfo',
            active: section === 'ChangeInfo',
          },
          {
            label: MESSAGES.changePassword,
            href: '/Setting/ChangePassword',
            active: section === 'ChangePassword',
          },
          { label: 'Devices', href: '/Setting/Devices', active: section === 'Devices' },
          {
            label: 'Two-step sign-in',
            href: '/Setting/TwoStep',
            active: section === 'TwoStep',
          },
          { label: 'Passkeys', href: '/Setting/Passkeys', active: section === 'Passkeys' },
        ]}
      />
      <Content>
        {section === 'ChangeInfo' && <PersonalInfoForm key={user._id} user={user} />}
        {section === 'ChangePassword' && <ChangePasswordForm />}
        {section === 'Devices' && <DevicesSection />}
        {section === 'TwoStep' && <TwoStepSection />}
        {section === 'Passkeys' && <PasskeysSection />}
      </Content>
    </Page>
  );
}
