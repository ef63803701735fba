export function Footer() {
  return <footer className="bg-ink p-4 text-white">Footer</footer>;
}
