/** Placeholder: About (built by its issue). */
export function Component() {
  return (
    <div className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-bold">About</h1>
    </div>
  );
}
