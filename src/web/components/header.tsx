export function Header() {
  return <header className="bg-brand p-4 font-bold">Partner Portal</header>;
}
