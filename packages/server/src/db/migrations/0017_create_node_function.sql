-- One new node in one round trip (issue 18: an insert between two siblings took about 13 sequential
-- statements). The in-database half of services/nodes/write.ts `insertNodeInOneStatement`, which calls
-- it in a single autocommit statement that also computes the caller's rights on the location with the
-- rights rule's own SQL (policies/node.ts) and passes them in: the rule is not repeated here.
--
-- It does what createNode's transaction does for the common case — a node under a node that is not a
-- user root, by a caller with write rights from the first pass — in the same order: claim the
-- Idempotency-Key, lock the location's child list (the advisory lock ordering.ts takes: class 1, the
-- node), find the place between the neighbours, insert the node and its link, record the key's node, write
-- the event row and notify. Each statement of a VOLATILE function takes a new snapshot, so the
-- neighbours are read after the lock and see what the previous holder committed.
--
-- Returns the new link, or no row when the case is not the common one (the caller then runs the general
-- path, which answers every refusal): not allowed by the first pass, a user root, a key used before. When
-- the place cannot be taken without more work (the next sibling is not in the list, the gap has worn
-- out), it raises SQLSTATE ZS001 after the key claim, so the claim rolls back with it.
CREATE OR REPLACE FUNCTION zhishu_create_node(
  p_user integer, p_rank integer, p_location_type text, p_location integer, p_owner integer,
  p_anchor integer, p_relation text, p_custom_relation integer, p_next integer, p_name text, p_type text,
  p_content jsonb, p_lexemes text[], p_key text, p_origin text, p_min_gap double precision
) RETURNS SETOF dnode_relation
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_next record;
  v_prev double precision;
  v_order double precision;
  v_id integer;
  v_rel dnode_relation;
  v_event integer;
BEGIN
  IF p_rank < 2 OR p_location_type = 'USER' THEN
    RETURN;
  END IF;
  IF p_key IS NOT NULL THEN
    INSERT INTO create_key (user_id, key) VALUES (p_user, p_key) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(1, p_location);
  IF p_next IS NULL THEN
    SELECT max(yorder) INTO v_prev FROM dnode_relation
      WHERE xnode = p_location AND relation_name = p_relation AND NOT is_deleted;
    v_order := coalesce(v_prev + 1, 1);
  ELSE
    SELECT id, yorder INTO v_next FROM dnode_relation
      WHERE xnode = p_location AND relation_name = p_relation AND NOT is_deleted AND ynode = p_next;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'next sibling not in the list' USING ERRCODE = 'ZS001';
    END IF;
    SELECT yorder INTO v_prev FROM dnode_relation
      WHERE xnode = p_location AND relation_name = p_relation AND NOT is_deleted
        AND (yorder, id) < (v_next.yorder, v_next.id)
      ORDER BY yorder DESC, id DESC LIMIT 1;
    IF v_prev IS NULL THEN
      v_order := v_next.yorder - 1;
    ELSIF v_next.yorder - v_prev < p_min_gap THEN
      RAISE EXCEPTION 'order gap worn out' USING ERRCODE = 'ZS001';
    ELSE
      v_order := (v_prev + v_next.yorder) / 2;
    END IF;
  END IF;
  INSERT INTO dnode (name, type, content, parent_id, main_relation, owner_id, creator_id, anchor_id, search_vector)
    VALUES (p_name, p_type, p_content, p_location, p_relation, p_owner, p_user, p_anchor,
            CASE WHEN coalesce(cardinality(p_lexemes), 0) = 0 THEN ''::tsvector ELSE array_to_tsvector(p_lexemes) END)
    RETURNING id INTO v_id;
  INSERT INTO dnode_relation (xnode, ynode, relation_name, custom_relation, xorder, yorder)
    VALUES (p_location, v_id, p_relation, p_custom_relation, 1, v_order)
    RETURNING * INTO v_rel;
  IF p_key IS NOT NULL THEN
    UPDATE create_key SET node_id = v_id, relation_id = v_rel.id WHERE user_id = p_user AND key = p_key;
  END IF;
  -- The event row as events/write-transaction.ts writes it for the same two changes.
  INSERT INTO node_event (actor_id, origin, node_ids, anchor_ids, changes)
    VALUES (p_user, p_origin, ARRAY[v_id, p_location],
            CASE WHEN p_anchor IS NULL OR p_anchor <= 0 THEN ARRAY[]::integer[] ELSE ARRAY[p_anchor] END,
            jsonb_build_array(
              jsonb_build_object('kind', 'node_created', 'node_ids', jsonb_build_array(v_id),
                'anchor_ids', CASE WHEN p_anchor IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(p_anchor) END),
              jsonb_build_object('kind', 'relation_created', 'node_ids', jsonb_build_array(p_location, v_id),
                'anchor_ids', '[]'::jsonb, 'relation_ids', jsonb_build_array(v_rel.id))))
    RETURNING id INTO v_event;
  PERFORM pg_notify('zhishu_events', v_event::text);
  RETURN NEXT v_rel;
END $$;
