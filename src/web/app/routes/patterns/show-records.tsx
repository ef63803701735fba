/** Placeholder: My Patterns (built by its issue). */
export function Component() {
  return (
    <div className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-bold">My Patterns</h1>
    </div>
  );
}
