import { type BoardKey, boardsOperations as ops } from '@storelens/contracts';
import { Alert, Card, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { DOCUMENT_PATH } from '../../../shared/lib/documentPath.ts';
import { useSupersetHandshake } from '../hooks/useBoardFrame.ts';

const isBoardPath = (path: string) => path === '/dataBoard' || path.startsWith('/dataBoard/');

/**
 * An embedded data board (/dataBoard/*): the external page set by our operators, framed with the
 * viewer's signed address (refreshed before its token expires). The server allows frames only on
 * these paths, so a board reached by an in-app link loads its document once at its own path.
 */
export function BoardPage({ board }: { board: BoardKey }) {
  const { t } = useTranslation('boards');
  const location = useLocation();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const ownPolicy = isBoardPath(DOCUMENT_PATH);
  useEffect(() => {
    if (!ownPolicy) window.location.replace(`${location.pathname}${location.search}`);
  }, [ownPolicy, location.pathname, location.search]);
  const embed = useOperation(ops.boardEmbed, { board }, { enabled: ownPolicy, refetchInterval: 8 * 60_000 });
  useSupersetHandshake(frame, embed.data);
  if (!ownPolicy || embed.isLoading) return <Spin />;
  const data = embed.data;
  if (!data?.configured || !data.url) {
    return (
      <Card size="small" data-testid="board-empty">
        <Alert type="info" showIcon title={t('empty.title')} description={t('empty.body')} />
      </Card>
    );
  }
  return (
    <iframe
      ref={frame}
      key={data.url}
      src={data.url}
      title={t(`boards.${board}`)}
      style={{ width: '100%', height: 'calc(100vh - 160px)', border: 0, background: '#fff' }}
      referrerPolicy="strict-origin-when-cross-origin"
      data-testid="board-frame"
    />
  );
}

export const BusinessToolPage = () => <BoardPage board="businessTool" />;
export const ManageBoardPage = () => <BoardPage board="manageBoard" />;
export const ShopBoardPage = () => <BoardPage board="shopBoard" />;
export const MarketBrainPage = () => <BoardPage board="marketBrain" />;
export const ComposeAnalysePage = () => <BoardPage board="composeAnalyse" />;
export const SpaceRowPage = () => <BoardPage board="spaceRow" />;
