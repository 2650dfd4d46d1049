import type { ReactNode } from 'react';
import { Button } from '../../../components/ui';
import { downloadCsv, toCsv } from './csv';

interface FigureProps {
  id: string;
  title: string;
  /** The chart (hidden from screen readers) or nothing when the table is the chart. */
  chart?: ReactNode;
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  /** The CSV's rows, when they differ from the displayed ones (raw numbers, ISO dates). */
  csvRows?: readonly (readonly (string | number)[])[];
  csvName: string;
  /** Show the table inside a disclosure (it repeats a chart) or always (it is the chart). */
  collapsible?: boolean;
  /** Cells drawn specially (bars, heat), by column index. */
  renderCell?: (row: number, col: number, value: string | number) => ReactNode;
}

/** One dashboard figure: its chart, the same numbers as a table, and a CSV download of them. */
export function Figure({
  id,
  title,
  chart,
  header,
  rows,
  csvRows,
  csvName,
  collapsible = true,
  renderCell,
}: FigureProps) {
  const table =
    rows.length === 0 ? (
      <p className="dash-empty">Aucune donnée sur cette période.</p>
    ) : (
      <div className="dash-table-wrap">
        <table className="dash-table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              {header.map((h, i) => (
                <th key={h} scope="col" className={i === 0 ? undefined : 'num'}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, ri) => (
              <tr key={`${String(r[0])}-${ri}`}>
                {r.map((v, ci) =>
                  ci === 0 ? (
                    <th key={ci} scope="row">
                      {renderCell ? renderCell(ri, ci, v) : v}
                    </th>
                  ) : (
                    <td key={ci} className="num">
                      {renderCell ? renderCell(ri, ci, v) : v}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="card dash-figure" aria-labelledby={`${id}-title`}>
      <div className="dash-figure-head">
        <h3 className="dash-figure-title" id={`${id}-title`}>
          {title}
        </h3>
        <Button
          variant="secondary"
          className="dash-csv"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(csvName, toCsv(header, csvRows ?? rows))}
          aria-label={`Télécharger « ${title} » en CSV`}
        >
          CSV
        </Button>
      </div>
      {chart}
      {collapsible ? (
        <details className="dash-details">
          <summary>Voir le tableau</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </section>
  );
}
