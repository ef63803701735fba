import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { PATTERN_LABELS as L } from '../../shared/contracts/patterns';
import { PatternFieldInputs, type PatternFieldValues } from './pattern-fields';

const EMPTY = Object.fromEntries(
  Object.keys(L).map((k) => [k, '']),
) as unknown as PatternFieldValues;

function Form({ brandLocked = false }: { brandLocked?: boolean }) {
  const { register, control, formState } = useForm<PatternFieldValues>({
    defaultValues: { ...EMPTY, Brand: '2' },
  });
  const brands = [
    { id: 0, name: 'Choose Brand', value: null },
    { id: 2, name: 'Ditto', value: '2' },
  ];
  return (
    <PatternFieldInputs
      register={register}
      control={control}
      errors={formState.errors}
      brandOptions={brands}
      brandLocked={brandLocked}
    />
  );
}

describe('PatternFieldInputs (the add and the edit form)', () => {
  it("shows every field of the record in the specification's order", () => {
    render(<Form />);
    const labels = [...document.querySelectorAll('label')].map((l) =>
      l.textContent!.replace(/\*|\(required\)/g, '').trim(),
    );
    expect(labels).toEqual([
      L.SFCC_Pattern_ID,
      L.Pattern_Name,
      L.Brand,
      L.Technical_Details,
      L.Pattern_Description,
      L.Fabric_Recommendation,
      L.Fabric_type,
      L.Notion,
      L.Type,
      L.Is_Printable,
      L.Gender,
      L.Price,
      L.Suitable_For,
      L.is_Subscribable,
      L.Pattern_Fit,
    ]);
  });

  it("shows a record's brand, and a user's brand cannot be changed", () => {
    render(<Form brandLocked />);
    const brand = screen.getByRole('button', { name: /Brand/ });
    expect(brand.textContent).toContain('Ditto');
    expect(brand.hasAttribute('disabled') || brand.getAttribute('data-disabled') !== null).toBe(
      true,
    );
  });
});
