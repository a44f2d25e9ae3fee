// Placeholder until the viewer/creator screens issue fills it.
export default function SearchPage() {
  return <h1>Search</h1>;
}
