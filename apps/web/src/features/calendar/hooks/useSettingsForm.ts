import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useSessionStore } from '../../session/state/sessionStore.ts';

export interface SavedSettings<Settings> {
  settings: Settings;
  updatedAt: string | null;
}

export interface SettingsFormOptions<Settings> {
  /** The query key for a customer (settings are per customer). */
  keyOf(cid: string | null): readonly unknown[];
  fetch(): Promise<SavedSettings<Settings>>;
  save(settings: Settings): Promise<SavedSettings<Settings>>;
  /** Shown once the server has saved. */
  savedText: string;
  /** Asked before saving (e.g. a change that deletes data); false leaves everything unsaved. */
  confirm?(next: Settings, saved: Settings): Promise<boolean>;
}

/**
 * A settings page's form: the customer's saved settings loaded into it, saved as a whole with a
 * message, and the saved answer (with its time) kept as what the page shows from then on.
 */
export function useSettingsForm<Settings extends object>(options: SettingsFormOptions<Settings>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const [form] = Form.useForm<Settings>();
  const loaded = useQuery({ queryKey: options.keyOf(cid), queryFn: options.fetch, enabled: cid !== null });

  // The first answer fills the form as its initial values (the form mounts with it: nothing typed
  // before an effect runs can be overwritten). Later answers (the saved settings, or another
  // manager's change seen on a refetch) are applied only when they differ from what was applied.
  const applied = useRef<string | null>(null);
  const serverSettings = loaded.data?.settings;
  if (serverSettings && applied.current === null) applied.current = JSON.stringify(serverSettings);
  useEffect(() => {
    if (!serverSettings) return;
    const answer = JSON.stringify(serverSettings);
    if (answer === applied.current) return;
    applied.current = answer;
    form.setFieldsValue(serverSettings as Parameters<typeof form.setFieldsValue>[0]);
  }, [serverSettings, form]);

  const save = useMutation({
    mutationFn: async (next: Settings) => {
      const saved = loaded.data?.settings;
      if (options.confirm && saved && !(await options.confirm(next, saved))) return null;
      return options.save(next);
    },
    onSuccess: (answer) => {
      if (!answer) return;
      void message.success(options.savedText);
      queryClient.setQueryData(options.keyOf(cid), answer);
    },
  });

  return { form, loaded, save, initialValues: serverSettings };
}
