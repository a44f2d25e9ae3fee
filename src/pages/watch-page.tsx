// Placeholder until the viewer/creator screens issue fills it.
export default function WatchPage() {
  return <h1>Watch</h1>;
}
