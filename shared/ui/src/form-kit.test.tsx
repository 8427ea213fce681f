import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { CodeField } from './code-field.tsx';
import {
  AmountField,
  acceptAmountInput,
  keepPhoneChars,
  PhoneField,
  SelectField,
  TextField,
} from './fields.tsx';
import { StatusBadge } from './status-badge.tsx';

afterEach(cleanup);

/** Renders a field with its value in state, as a page would. */
function Controlled({ field }: { field: (value: string, onChange: (v: string) => void) => React.ReactNode }) {
  const [value, setValue] = useState('');
  return <>{field(value, setValue)}</>;
}

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('TextField', () => {
  it('ties its label, hint and message to the input, and is invalid only with a message', () => {
    const { rerender } = render(
      <TextField label="Password" hint="At least 8 characters" error="" value="" onChange={() => {}} />,
    );
    const input = screen.getByLabelText('Password');
    expect(describedBy(input)).toEqual(['At least 8 characters', '']);
    expect(input.getAttribute('aria-invalid')).toBeNull();

    rerender(
      <TextField
        label="Password"
        hint="At least 8 characters"
        error="Too short"
        value=""
        onChange={() => {}}
      />,
    );
    expect(describedBy(input)).toEqual(['At least 8 characters', 'Too short']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too short').getAttribute('aria-live')).toBe('polite');
  });

  it('passes the input attributes through and reports the typed value', () => {
    render(
      <Controlled
        field={(value, onChange) => (
          <TextField
            label="Full Name"
            autoComplete="name"
            maxLength={100}
            disabled
            value={value}
            onChange={onChange}
          />
        )}
      />,
    );
    const input = screen.getByLabelText('Full Name') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('name');
    expect(input.maxLength).toBe(100);
    expect(input.disabled).toBe(true);
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('PhoneField', () => {
  it('keeps only digits, spaces and plus', () => {
    expect(keepPhoneChars('+254 (712)-345.678abc')).toBe('+254 712345678');
    expect(keepPhoneChars('0712 345 678')).toBe('0712 345 678');
    render(
      <Controlled
        field={(value, onChange) => <PhoneField label="Phone Number" value={value} onChange={onChange} />}
      />,
    );
    const input = screen.getByLabelText('Phone Number') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '07a12-345' } });
    expect(input.value).toBe('0712345');
    expect(input.type).toBe('tel');
  });

  it('offers a country code before the number when asked, named by its own label', () => {
    let chosen = '';
    render(
      <PhoneField
        label="Phone Number"
        value=""
        onChange={() => {}}
        country={{
          label: 'Country code',
          value: '+254',
          options: [
            { value: '+254', label: '+254 Kenya' },
            { value: '+256', label: '+256 Uganda' },
          ],
          onChange: (v) => {
            chosen = v;
          },
        }}
      />,
    );
    const select = screen.getByLabelText('Country code') as HTMLSelectElement;
    expect(select.value).toBe('+254');
    fireEvent.change(select, { target: { value: '+256' } });
    expect(chosen).toBe('+256');
    expect(screen.getByLabelText('Phone Number').tagName).toBe('INPUT');
  });
});

describe('AmountField', () => {
  it('refuses letters, and keeps a wrong amount as typed for the page to explain ("-5" never becomes 5)', () => {
    expect(acceptAmountInput('1,00')).toBe('1,00');
    expect(acceptAmountInput('1,000')).toBe('1,000');
    expect(acceptAmountInput('-5')).toBe('-5');
    expect(acceptAmountInput('12a')).toBeNull();
    expect(acceptAmountInput('5-')).toBeNull();
    expect(acceptAmountInput('1234567890123')).toBeNull();
    expect(acceptAmountInput('')).toBe('');
  });

  it('shows the currency symbol and keeps the last accepted value', () => {
    render(
      <Controlled
        field={(value, onChange) => (
          <AmountField label="Amount" symbol="KSh" value={value} onChange={onChange} />
        )}
      />,
    );
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.change(input, { target: { value: '12.55x' } });
    expect(input.value).toBe('12.5');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('KSh').getAttribute('aria-hidden')).toBe('true');
  });

  it('marks itself invalid while it has a message', () => {
    render(
      <AmountField label="Amount" symbol="KSh" value="99" onChange={() => {}} error="Minimum is KES 100" />,
    );
    const input = screen.getByLabelText('Amount');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['Minimum is KES 100']);
  });
});

describe('SelectField', () => {
  const options = [
    { value: 'national_id', label: 'National ID' },
    { value: 'passport', label: 'Passport' },
  ];

  it('is a select named by its label, reporting the chosen value, invalid only with a message', () => {
    const { rerender } = render(
      <Controlled
        field={(value, onChange) => (
          <SelectField
            label="Document"
            value={value || 'national_id'}
            onChange={onChange}
            options={options}
          />
        )}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Document' }) as HTMLSelectElement;
    expect(select.value).toBe('national_id');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(select, { target: { value: 'passport' } });
    expect(select.value).toBe('passport');

    rerender(
      <SelectField
        label="Document"
        value="passport"
        onChange={() => {}}
        options={options}
        error="Pick one"
      />,
    );
    const invalid = screen.getByRole('combobox', { name: 'Document' });
    expect(invalid.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(invalid)).toEqual(['Pick one']);
  });
});

describe('CodeField', () => {
  it('is one numeric input named by a label only screen readers see', () => {
    render(<CodeField label="Verification code" length={6} value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement;
    expect(input.maxLength).toBe(6);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText('Verification code').className).toContain('sr-only');
  });
});

describe('StatusBadge', () => {
  it.each([
    ['success', 'text-success'],
    ['warning', 'text-warning'],
    ['danger', 'text-danger-soft'],
    ['neutral', 'text-muted'],
  ] as const)('shows its label in the %s tone', (tone, colour) => {
    render(<StatusBadge tone={tone}>Label</StatusBadge>);
    const badge = screen.getByText('Label');
    expect(badge.className).toContain(colour);
    expect(badge.getAttribute('role')).toBeNull();
  });
});

describe('Button', () => {
  it('draws the danger variant on the darker danger token, where its white text reads at AA', () => {
    render(<Button variant="danger">Revoke</Button>);
    const classes = screen.getByRole('button', { name: 'Revoke' }).className.split(' ');
    expect(classes).toContain('bg-danger-strong');
    expect(classes).toContain('text-white');
  });
});
