import { Search } from 'lucide-react';

/** A labelled search input with its magnifier inside; `className` sizes it in its toolbar. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  return (
    <div className={`field ${className}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="search-box">
        <Search size={18} aria-hidden="true" className="search-box__icon" />
        <input
          id={id}
          type="search"
          className="field__input"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
