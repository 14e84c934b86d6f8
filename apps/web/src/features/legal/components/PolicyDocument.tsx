import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A privacy notice from the `legal` namespace: a title, an effective date, an introduction and
 * numbered sections. Paragraphs are separated by blank lines in the translation; lines starting
 * with '- ' become a list.
 */
export function PolicyDocument({ documentKey, sectionIds }: { documentKey: string; sectionIds: readonly string[] }) {
  const { t } = useTranslation();
  const renderText = (text: string) =>
    text.split('\n\n').map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith('- '))) {
        return (
          <ul key={block}>
            {lines.map((line) => (
              <li key={line}>{line.slice(2)}</li>
            ))}
          </ul>
        );
      }
      return <p key={block}>{block}</p>;
    });

  return (
    <article className="sl-doc" data-testid="policy-document">
      <h1 className="sl-title">{t(`legal:${documentKey}.title`)}</h1>
      <p className="sl-subtitle">{t(`legal:${documentKey}.effective`)}</p>
      {renderText(t(`legal:${documentKey}.intro`))}
      {sectionIds.map((id, index) => (
        <section key={id}>
          <h2>
            {index + 1}. {t(`legal:${documentKey}.sections.${id}.title`)}
          </h2>
          {renderText(t(`legal:${documentKey}.sections.${id}.body`))}
        </section>
      ))}
      <p>
        <Link to="/login" className="sl-link">
          {t('auth:backToLogin')}
        </Link>
      </p>
    </article>
  );
}
