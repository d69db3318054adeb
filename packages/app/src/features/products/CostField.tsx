import { TextField } from '@inventory/ui';

export interface CostFieldProps {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * The unit cost as typed, a money input like the price (docs/decisions/0031-product-cost.md). The form shows it only
 * to roles that may set it (cost:update); blank is "not known".
 */
export function CostField({ id, value, error, onChange }: CostFieldProps) {
  return (
    <TextField
      id={id}
      label="Cost"
      name="cost"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint="Optional: what the shop pays for one, in dollars, e.g. 849.50. Only owners and managers see it"
    />
  );
}
