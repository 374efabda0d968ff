import { memo } from 'react';
import Select, { type SelectProps } from '@cloudscape-design/components/select';

/**
 * A single-choice filter whose first option ("all") is the empty value. Memoised: it sits next to a search box
 * that re-renders its list at every keystroke, and a Select is costly to re-render; give it stable props.
 */
export const OptionFilter = memo(function OptionFilter({
  value,
  onChange,
  allLabel,
  options,
  ariaLabel,
}: {
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: { value: string; label: string }[];
  ariaLabel: string;
}) {
  const all: SelectProps.Option = { value: '', label: allLabel };
  const choices: SelectProps.Option[] = [all, ...options];
  const selected = choices.find((option) => option.value === value) ?? all;
  return (
    <Select
      selectedOption={selected}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      options={choices}
      ariaLabel={ariaLabel}
    />
  );
});
