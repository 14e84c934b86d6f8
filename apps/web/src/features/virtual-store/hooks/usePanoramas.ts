import { type PanoInfo, type Panorama, type PanoUpdate, virtualStoreOperations } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { callOperation, postFormToOperation } from '../../../shared/lib/operations.ts';

/** A store's panoramas (pano info), and the editor's commands, each refreshing them when done. */
export function usePanoramas(shopId: string | null) {
  const queryClient = useQueryClient();
  const info = useOperation(virtualStoreOperations.panoInfo, { shopId: shopId ?? '' }, { enabled: shopId !== null });
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [virtualStoreOperations.panoInfo.name, { shopId: shopId ?? '' }] }),
    [queryClient, shopId],
  );
  const upload = useCallback(
    async (file: File, name: string, onProgress: (fraction: number) => void): Promise<Panorama> => {
      const form = new FormData();
      form.append('shopId', shopId ?? '');
      form.append('name', name);
      form.append('file', file, file.name);
      const added = await postFormToOperation(virtualStoreOperations.panoUpload, form, { onUploadProgress: onProgress, timeoutMs: 300_000 });
      await refresh();
      return added;
    },
    [shopId, refresh],
  );
  const update = useCallback(
    async (input: PanoUpdate): Promise<Panorama> => {
      const saved = await callOperation(virtualStoreOperations.panoUpdate, input);
      await refresh();
      return saved;
    },
    [refresh],
  );
  const remove = useCallback(
    async (panoramaId: string) => {
      await callOperation(virtualStoreOperations.panoDelete, { panoramaId });
      await refresh();
    },
    [refresh],
  );
  return { info: info.data as PanoInfo | undefined, loading: info.isLoading, upload, update, remove };
}
