import type { ImportField, ImportFieldDeclaration, ImportMapping } from '@inventory/contract/rules';
import { Select } from '@inventory/ui';

export interface MappingFieldsProps {
  /** Our fields the role may fill (selectImportFields). */
  fields: readonly ImportFieldDeclaration[];
  headers: string[];
  mapping: ImportMapping;
  disabled: boolean;
  onChange: (field: ImportField, header: string) => void;
}

/** For each of our fields, which of the file's columns fills it (guessed from the headers, editable). */
export function MappingFields({ fields, headers, mapping, disabled, onChange }: MappingFieldsProps) {
  const options = headers.map((header) => ({
    value: header,
    label: header === '' ? '(column without a header)' : header,
  }));
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-4">
      {fields.map((field) => {
        const value = mapping[field.key] ?? '';
        const missing = field.required && (value === '' || !headers.includes(value));
        return (
          <Select
            key={field.key}
            name={`mapping-${field.key}`}
            label={field.label}
            required={field.required}
            placeholder={field.required ? 'Choose a column' : 'Not imported'}
            options={options}
            value={value}
            disabled={disabled}
            error={missing ? `Choose the file's column for ${field.label}` : undefined}
            onChange={(event) => onChange(field.key, event.target.value)}
          />
        );
      })}
    </div>
  );
}
