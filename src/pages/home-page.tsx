// Placeholder until the viewer/creator screens issue fills it.
export default function HomePage() {
  return <h1>Home</h1>;
}
