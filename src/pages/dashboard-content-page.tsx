// Placeholder until the viewer/creator screens issue fills it.
export default function DashboardContentPage() {
  return <h1>DashboardContent</h1>;
}
