-- Keeps relation_count in step with dnode_relation: every insert, delete (cascades included) and
-- update of a live link adjusts the two counters it touches. Counters that reach zero are removed.
CREATE OR REPLACE FUNCTION relation_count_bump(p_node integer, p_side text, p_name text, p_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO relation_count (node, side, relation_name, size) VALUES (p_node, p_side, p_name, p_delta)
    ON CONFLICT (node, side, relation_name) DO UPDATE SET size = relation_count.size + p_delta;
  ELSE
    UPDATE relation_count SET size = size + p_delta WHERE node = p_node AND side = p_side AND relation_name = p_name;
    DELETE FROM relation_count WHERE node = p_node AND side = p_side AND relation_name = p_name AND size <= 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relation_count_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT OLD.is_deleted THEN
    PERFORM relation_count_bump(OLD.xnode, 'y', OLD.relation_name, -1);
    PERFORM relation_count_bump(OLD.ynode, 'x', OLD.relation_name, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted THEN
    PERFORM relation_count_bump(NEW.xnode, 'y', NEW.relation_name, 1);
    PERFORM relation_count_bump(NEW.ynode, 'x', NEW.relation_name, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dnode_relation_count AFTER INSERT OR DELETE OR UPDATE OF xnode, ynode, relation_name, is_deleted
  ON dnode_relation FOR EACH ROW EXECUTE FUNCTION relation_count_trigger();
--> statement-breakpoint
INSERT INTO relation_count (node, side, relation_name, size)
  SELECT xnode, 'y', relation_name, count(*) FROM dnode_relation WHERE NOT is_deleted GROUP BY xnode, relation_name
  UNION ALL
  SELECT ynode, 'x', relation_name, count(*) FROM dnode_relation WHERE NOT is_deleted GROUP BY ynode, relation_name;
