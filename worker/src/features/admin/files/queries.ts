import type { Database } from "#worker/db/database.ts";

// The SQL of the files staff upload.

export function insertFileStatement(
  db: Database,
  input: { file: string; filePublicId: string; contentType: string; adminId: number; now: number },
): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO admin_files (file, file_public_id, content_type, admin_id, created_at)
          VALUES (?1, ?2, ?3, ?4, ?5) RETURNING *`,
    binds: [input.file, input.filePublicId, input.contentType, input.adminId, input.now],
  });
}

export function deleteFileStatement(db: Database, id: number): D1PreparedStatement {
  return db.prepare({ sql: "DELETE FROM admin_files WHERE id = ?1", binds: [id] });
}
