export default function SettingsPage({ section }: { section: 'ChangeInfo' | 'ChangePassword' }) {
  return <h1>Settings {section}</h1>;
}
