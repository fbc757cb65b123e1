import { CAPACITY_MESSAGE, inferRequestType } from '@gnology/contracts';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui';

interface Props {
  disabled: boolean;
  atCapacity: boolean;
  onSend(text: string): void;
  onStartNew(): void;
}

/** The message box; at capacity it is replaced by the at-capacity panel (docs/contract.md#screen-states). */
export function Composer({ disabled, atCapacity, onSend, onStartNew }: Props) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  // The box grows with its text up to the CSS max-height, then scrolls (issue 13): one line
  // when empty, so the reading area above keeps the height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the text changes
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    const border = el.offsetHeight - el.clientHeight;
    el.style.height = `${el.scrollHeight + border}px`;
  }, [text, atCapacity]);
  if (atCapacity) {
    return (
      <section className="row-between capacity-panel" aria-label="Conversation at capacity">
        <p>{CAPACITY_MESSAGE}</p>
        <Button onClick={onStartNew}>Start New Conversation</Button>
      </section>
    );
  }
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value || disabled) return; // empty or whitespace messages are not sent
    onSend(value);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  const type = text.trim() ? inferRequestType(text) : null;
  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor="research-input" className="visually-hidden">
        Message to Gene
      </label>
      <textarea
        ref={input}
        id="research-input"
        className="composer__input"
        rows={1}
        placeholder="Ask Gene about your ancestors, or ask for a chapter or a book…"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      <div className="composer__row">
        <span className="composer__hint">
          {type && type !== 'regular'
            ? `This will be written as a ${type}.`
            : 'Enter sends · Shift+Enter for a new line'}
        </span>
        <Button type="submit" icon={<Send size={16} />} disabled={disabled || !text.trim()}>
          Send
        </Button>
      </div>
    </form>
  );
}
