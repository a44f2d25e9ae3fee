export default function LoginPage() {
  return <h1>Sign in</h1>;
}
