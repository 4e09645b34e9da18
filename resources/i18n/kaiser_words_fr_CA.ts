<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_CA" sourcelanguage="en">
    <context>
        <name>Bids</name>
        <message>
            <source>Pass</source>
            <translation>Passe</translation>
        </message>
        <message>
            <source>Kaiser</source>
            <translation>Kaiser</translation>
        </message>
        <message>
            <source>{level} no trump</source>
            <translation>{level} sans-atout</translation>
        </message>
    </context>
    <context>
        <name>Cards</name>
        <message>
            <source>the ace of {suit}</source>
            <translation>l'as de {suit}</translation>
        </message>
        <message>
            <source>the king of {suit}</source>
            <translation>le roi de {suit}</translation>
        </message>
        <message>
            <source>the queen of {suit}</source>
            <translation>la dame de {suit}</translation>
        </message>
        <message>
            <source>the jack of {suit}</source>
            <translation>le valet de {suit}</translation>
        </message>
        <message>
            <source>the {rank} of {suit}</source>
            <translation>le {rank} de {suit}</translation>
        </message>
        <message>
            <source>A{suit}</source>
            <translation>A{suit}</translation>
        </message>
        <message>
            <source>K{suit}</source>
            <translation>R{suit}</translation>
        </message>
        <message>
            <source>Q{suit}</source>
            <translation>D{suit}</translation>
        </message>
        <message>
            <source>J{suit}</source>
            <translation>V{suit}</translation>
        </message>
        <message>
            <source>the 5♥</source>
            <translation>le 5 de cœur</translation>
        </message>
        <message>
            <source>the 3♠</source>
            <translation>le 3 de pique</translation>
        </message>
    </context>
    <context>
        <name>Counts</name>
        <message numerus="yes">
            <source>{amount} point(s)</source>
            <translation>
                <numerusform>{amount} point</numerusform>
                <numerusform>{amount} points</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{amount} trick(s)</source>
            <translation>
                <numerusform>{amount} levée</numerusform>
                <numerusform>{amount} levées</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>You have won {won} of your %n game(s).</source>
            <translation>
                <numerusform>Parties gagnées : {won} sur %n.</numerusform>
                <numerusform>Parties gagnées : {won} sur %n.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n of the {total} tricks</source>
            <translation>
                <numerusform>%n des {total} levées</numerusform>
                <numerusform>%n des {total} levées</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Help</name>
        <message>
            <source>&lt;p&gt;The rules page could not be found. Please reinstall Kaiser Desktop.&lt;/p&gt;</source>
            <translation>&lt;p&gt;La page des règles est introuvable. Veuillez réinstaller Kaiser Desktop.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>rules.html</source>
            <translation>rules.fr_CA.html</translation>
        </message>
        <message>
            <source>How to play Kaiser</source>
            <translation>Comment jouer au Kaiser</translation>
        </message>
        <message>
            <source>Your partner</source>
            <translation>Votre partenaire</translation>
        </message>
        <message>
            <source>Opponent</source>
            <translation>Adversaire</translation>
        </message>
        <message>
            <source>You — your cards</source>
            <translation>Vous — vos cartes</translation>
        </message>
        <message>
            <source>The table</source>
            <translation>La table</translation>
        </message>
        <message>
            <source>You sit at the &lt;b&gt;bottom&lt;/b&gt; of the table; your cards are along the bottom, face up. Your &lt;b&gt;partner&lt;/b&gt; sits opposite you, at the top. The players on your left and right are the other team. You and your partner win or lose together.</source>
            <translation>Votre place est en &lt;b&gt;bas&lt;/b&gt; de la table ; vos cartes sont en bas, face visible. Votre &lt;b&gt;partenaire&lt;/b&gt; est en face de vous, en haut. Les joueurs à votre gauche et à votre droite forment l'autre équipe. Vous et votre partenaire gagnez ou perdez ensemble.</translation>
        </message>
        <message>
            <source>Bidding</source>
            <translation>Les mises</translation>
        </message>
        <message>
            <source>After the deal, each player bids once or passes. A bid is how many points your team promises to take in this hand. The game shows only the bids you may make: click one, or &lt;b&gt;Pass&lt;/b&gt;. A &lt;b&gt;no trump&lt;/b&gt; bid counts double, win or lose.</source>
            <translation>Après la donne, chaque joueur mise une fois ou passe. Une mise, c'est le nombre de points que votre équipe promet de faire dans cette donne. Le jeu montre seulement les mises permises : cliquez sur l'une d'elles, ou sur &lt;b&gt;Passe&lt;/b&gt;. Une mise &lt;b&gt;sans-atout&lt;/b&gt; compte double, qu'on gagne ou qu'on perde.</translation>
        </message>
        <message>
            <source>Trump</source>
            <translation>L'atout</translation>
        </message>
        <message>
            <source>Whoever bids highest chooses the &lt;b&gt;trump&lt;/b&gt; suit. A trump beats any card of the other suits. The trump suit is shown on the table for the whole hand.</source>
            <translation>Celui qui mise le plus haut choisit la couleur d'&lt;b&gt;atout&lt;/b&gt;. Un atout bat n'importe quelle carte des autres couleurs. L'atout est affiché sur la table pendant toute la donne.</translation>
        </message>
        <message>
            <source>Tricks</source>
            <translation>Les levées</translation>
        </message>
        <message>
            <source>Each player plays one card in turn: four cards make a &lt;b&gt;trick&lt;/b&gt;. Play the same suit as the first card if you can. The highest card of that suit wins the trick, unless someone played a trump. The cards you may play stand up, bright; click one to play it. Whoever wins the trick leads the next one.</source>
            <translation>Chaque joueur joue une carte à son tour : quatre cartes font une &lt;b&gt;levée&lt;/b&gt;. Jouez la même couleur que la première carte si vous le pouvez. La plus forte carte de cette couleur gagne la levée, sauf si quelqu'un a joué un atout. Les cartes que vous pouvez jouer sont levées et claires ; cliquez sur l'une d'elles pour la jouer. Celui qui gagne la levée commence la suivante.</translation>
        </message>
        <message>
            <source>Two special cards</source>
            <translation>Deux cartes spéciales</translation>
        </message>
        <message>
            <source>The trick with the &lt;b&gt;5♥&lt;/b&gt; is worth &lt;b&gt;5 extra points&lt;/b&gt;. The trick with the &lt;b&gt;3♠&lt;/b&gt; costs &lt;b&gt;3 points&lt;/b&gt;. Every other trick is worth 1 point. If your team makes its bid, it scores what it took; if not, it loses what it bid. The first team to 52 points wins the game.</source>
            <translation>La levée avec le &lt;b&gt;5♥&lt;/b&gt; (le 5 de cœur) vaut &lt;b&gt;5 points de plus&lt;/b&gt;. La levée avec le &lt;b&gt;3♠&lt;/b&gt; (le 3 de pique) &lt;b&gt;coûte 3 points&lt;/b&gt;. Chaque autre levée vaut 1 point. Si votre équipe réussit sa mise, elle marque ce qu'elle a fait ; sinon, elle perd ce qu'elle a misé. La première équipe à 52 points gagne la partie.</translation>
        </message>
        <message>
            <source>Help while you play</source>
            <translation>De l'aide pendant le jeu</translation>
        </message>
        <message>
            <source>Not sure what to play? Click &lt;b&gt;Hint&lt;/b&gt; (or press H) and the game suggests a card or a bid, and says why. Made a mistake? &lt;b&gt;Edit → Undo my last move&lt;/b&gt; takes it back (the game then counts as practice). Click a computer player's name to ask why they did that. &lt;b&gt;Help → Rules&lt;/b&gt; has all the rules.</source>
            <translation>Vous ne savez pas quoi jouer ? Cliquez sur &lt;b&gt;Indice&lt;/b&gt; (ou appuyez sur H) : le jeu propose une carte ou une mise, et dit pourquoi. Une erreur ? &lt;b&gt;Édition → Annuler mon dernier coup&lt;/b&gt; la reprend (la partie compte alors comme une pratique). Cliquez sur le nom d'un joueur de l'ordinateur pour lui demander pourquoi il a fait ça. &lt;b&gt;Aide → Règles du jeu&lt;/b&gt; donne toutes les règles.</translation>
        </message>
        <message>
            <source>Back</source>
            <translation>Précédent</translation>
        </message>
        <message>
            <source>Next</source>
            <translation>Suivant</translation>
        </message>
        <message>
            <source>Page {page} of {pages}</source>
            <translation>Page {page} sur {pages}</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Fermer</translation>
        </message>
    </context>
    <context>
        <name>Reasons</name>
        <message>
            <source>, and the 5♥</source>
            <translation>, et le 5 de cœur</translation>
        </message>
        <message>
            <source>, and the 3♠ to get rid of</source>
            <translation>, et le 3 de pique à placer</translation>
        </message>
        <message>
            <source>, and the 5♥ and the 3♠ to get rid of</source>
            <translation>, et le 5 de cœur, et le 3 de pique à placer</translation>
        </message>
        <message>
            <source>No ace, no face card, no 5♥ or 3♠: ask for a new deal.</source>
            <translation>Ni as, ni figure, ni 5 de cœur, ni 3 de pique : demandez une nouvelle donne.</translation>
        </message>
        <message>
            <source>Pass {card}: a singleton, so you can trump that suit.</source>
            <translation>Passez {card} : c'est une carte seule, vous pourrez donc couper dans cette couleur.</translation>
        </message>
        <message>
            <source>Pass {card}: your weakest.</source>
            <translation>Passez {card} : votre carte la plus faible.</translation>
        </message>
        <message>
            <source>Bid Kaiser: every trick in your hand is a sure winner.</source>
            <translation>Misez Kaiser : chaque levée de votre main est gagnée d'avance.</translation>
        </message>
        <message>
            <source>Pass: your partner's bid of {bid} stands and your hand fits it.</source>
            <translation>Passez : la mise de {bid} de votre partenaire tient, et votre main va avec.</translation>
        </message>
        <message>
            <source>Bid {bid}: about {tricks} in top cards{extra}; your side should take about {points}.</source>
            <translation>Misez {bid} : environ {tricks} en grosses cartes{extra} ; votre équipe devrait faire environ {points}.</translation>
        </message>
        <message>
            <source>Bid {bid}: about {tricks} with {suit} as trump{extra}; your side should take about {points}.</source>
            <translation>Misez {bid} : environ {tricks} avec {suit} comme atout{extra} ; votre équipe devrait faire environ {points}.</translation>
        </message>
        <message>
            <source>Pass: your hand is worth about {points}, short of {need}.</source>
            <translation>Passez : votre main vaut environ {points}, moins que {need}.</translation>
        </message>
        <message>
            <source>Everyone passed, so the dealer must bid: {bid} with {suit} as trump.</source>
            <translation>Tout le monde a passé, donc le donneur doit miser : {bid} avec {suit} comme atout.</translation>
        </message>
        <message>
            <source>Discard {first} and {second}: your weakest cards.</source>
            <translation>Écartez {first} et {second} : vos cartes les plus faibles.</translation>
        </message>
        <message>
            <source>No trump: your hand is worth more without trumps.</source>
            <translation>Sans-atout : votre main vaut plus sans atout.</translation>
        </message>
        <message>
            <source>No trump: your hand is worth more without trumps, and then no one can beat {aces} when led.</source>
            <translation>Sans-atout : votre main vaut plus sans atout, et alors personne ne peut battre {aces} en entame.</translation>
        </message>
        <message>
            <source>Name {suit} as trump: {count} of them.</source>
            <translation>Choisissez {suit} comme atout : vous en avez {count}.</translation>
        </message>
        <message>
            <source>Name {suit} as trump: {count} of them with {tops}.</source>
            <translation>Choisissez {suit} comme atout : vous en avez {count}, dont {tops}.</translation>
        </message>
        <message>
            <source>Play {card}: it is your only legal card.</source>
            <translation>Jouez {card} : c'est la seule carte permise.</translation>
        </message>
        <message>
            <source>Your partner is winning this trick: give them the 5♥.</source>
            <translation>Votre partenaire gagne cette levée : donnez-lui le 5 de cœur.</translation>
        </message>
        <message>
            <source>Your partner is winning this trick; keep {card}.</source>
            <translation>Votre partenaire gagne cette levée ; gardez {card}.</translation>
        </message>
        <message>
            <source>Your partner is winning this trick: play low.</source>
            <translation>Votre partenaire gagne cette levée : jouez petit.</translation>
        </message>
        <message>
            <source>Take over with {card}: your partner's card could be beaten.</source>
            <translation>Prenez la main avec {card} : la carte de votre partenaire pourrait être battue.</translation>
        </message>
        <message>
            <source>Your partner is winning for now: play low.</source>
            <translation>Votre partenaire gagne pour l'instant : jouez petit.</translation>
        </message>
        <message>
            <source>Win the 5♥ with {card}.</source>
            <translation>Gagnez le 5 de cœur avec {card}.</translation>
        </message>
        <message>
            <source>Trump with {card}: the opponents are winning this trick.</source>
            <translation>Coupez avec {card} : les adversaires gagnent cette levée.</translation>
        </message>
        <message>
            <source>You cannot win this trick: play {card} and keep the 5♥ safe.</source>
            <translation>Vous ne pouvez pas gagner cette levée : jouez {card} et gardez le 5 de cœur à l'abri.</translation>
        </message>
        <message>
            <source>Lead the 5♥: no opponent can win it.</source>
            <translation>Ouvrez avec le 5 de cœur : aucun adversaire ne peut le gagner.</translation>
        </message>
        <message>
            <source>Lead the 5♥: no opponent can follow with a higher heart.</source>
            <translation>Ouvrez avec le 5 de cœur : aucun adversaire ne peut fournir un cœur plus haut.</translation>
        </message>
        <message>
            <source>Lead {card} to draw the opponents' trumps.</source>
            <translation>Ouvrez avec {card} pour faire tomber les atouts des adversaires.</translation>
        </message>
        <message>
            <source>Lead {card} to draw out {higher} and protect the 5♥.</source>
            <translation>Ouvrez avec {card} pour faire sortir {higher} et protéger le 5 de cœur.</translation>
        </message>
        <message>
            <source>Lead {card}: it wins, and keeps the 5♥ safe.</source>
            <translation>Ouvrez avec {card} : cette carte gagne, et garde le 5 de cœur à l'abri.</translation>
        </message>
        <message>
            <source>Lead {card}: no higher heart is left, and it keeps the 5♥ safe.</source>
            <translation>Ouvrez avec {card} : il ne reste aucun cœur plus haut, et le 5 de cœur reste à l'abri.</translation>
        </message>
        <message>
            <source>Lead {card}: no opponent can beat it.</source>
            <translation>Ouvrez avec {card} : aucun adversaire ne peut battre cette carte.</translation>
        </message>
        <message>
            <source>Lead {card}: no opponent can follow with a higher card in {suit}.</source>
            <translation>Ouvrez avec {card} : aucun adversaire ne peut fournir un {suit} plus haut.</translation>
        </message>
        <message>
            <source>Win the trick with {card}, your lowest card that is sure to win it.</source>
            <translation>Gagnez la levée avec {card}, votre plus petite carte qui est sûre de la gagner.</translation>
        </message>
        <message>
            <source>Play {card}, your lowest winning card: no opponent after you can follow with a higher one.</source>
            <translation>Jouez {card}, votre plus petite carte gagnante : aucun adversaire après vous ne peut fournir plus haut.</translation>
        </message>
        <message>
            <source>Play {card}: it beats the cards played so far, so an opponent after you must play a higher card to take the trick.</source>
            <translation>Jouez {card} : elle bat les cartes déjà jouées, alors un adversaire après vous doit jouer plus haut pour prendre la levée.</translation>
        </message>
        <message>
            <source>Play the 3♠ on the opponents' trick: if they take it, it costs them 3 points.</source>
            <translation>Jouez le 3 de pique dans la levée des adversaires : s'ils la prennent, elle leur coûte 3 points.</translation>
        </message>
        <message>
            <source>An opponent after you could still beat your higher cards: play {card} and leave the trick to your partner, who plays after you.</source>
            <translation>Un adversaire après vous pourrait battre vos plus grosses cartes : jouez {card} et laissez la levée à votre partenaire, qui joue après vous.</translation>
        </message>
        <message>
            <source>You cannot win this trick: play {card}, the card you need least.</source>
            <translation>Vous ne pouvez pas gagner cette levée : jouez {card}, la carte dont vous avez le moins besoin.</translation>
        </message>
        <message>
            <source>Lead {card}: your partner is out of {suit} and may trump it.</source>
            <translation>Ouvrez avec {card} : votre partenaire n'a plus de {suit} et pourrait couper.</translation>
        </message>
        <message>
            <source>Lead the 3♠: every other card is worth more to keep.</source>
            <translation>Ouvrez avec le 3 de pique : toutes vos autres cartes valent plus la peine d'être gardées.</translation>
        </message>
        <message>
            <source>Lead the 5♥: you have nothing safer.</source>
            <translation>Ouvrez avec le 5 de cœur : vous n'avez rien de plus sûr.</translation>
        </message>
        <message>
            <source>Lead {card}: you have only trumps left.</source>
            <translation>Ouvrez avec {card} : il ne vous reste que des atouts.</translation>
        </message>
        <message>
            <source>Lead {card}: your other suits are better kept.</source>
            <translation>Ouvrez avec {card} : mieux vaut garder vos autres couleurs.</translation>
        </message>
        <message>
            <source>Lead {card}, the lowest card of your longest suit.</source>
            <translation>Ouvrez avec {card}, la plus petite carte de votre plus longue couleur.</translation>
        </message>
        <message>
            <source>A random legal choice.</source>
            <translation>Un choix permis, au hasard.</translation>
        </message>
        <message>
            <source>Bid Kaiser: every card in your hand is a sure winner.</source>
            <translation>Misez Kaiser : chaque carte de votre main gagne à coup sûr.</translation>
        </message>
        <message>
            <source>your side should take about {points} in no trump, counting the 5♥</source>
            <translation>votre équipe devrait faire environ {points} en sans-atout, en comptant le 5 de cœur</translation>
        </message>
        <message>
            <source>your side should take about {points} in no trump</source>
            <translation>votre équipe devrait faire environ {points} en sans-atout</translation>
        </message>
        <message>
            <source>your side should take about {points} with {suit} as trump, counting the 5♥</source>
            <translation>votre équipe devrait faire environ {points} avec {suit} comme atout, en comptant le 5 de cœur</translation>
        </message>
        <message>
            <source>your side should take about {points} with {suit} as trump</source>
            <translation>votre équipe devrait faire environ {points} avec {suit} comme atout</translation>
        </message>
        <message>
            <source>{names} still speaks</source>
            <translation>{names} parle encore après vous</translation>
        </message>
        <message>
            <source>{names} still speak</source>
            <translation>{names} parlent encore après vous</translation>
        </message>
        <message>
            <source> over {seat}'s {standing}</source>
            <translation> par-dessus le {standing} de {seat}</translation>
        </message>
        <message>
            <source>Bid {bid}{over}, not {low}: {who} and would often outbid {low}; {about}{not_higher}.</source>
            <translation>Misez {bid}{over}, pas {low} : {who}, et {low} serait souvent dépassé ; {about}{not_higher}.</translation>
        </message>
        <message>
            <source>Bid {bid}: as dealer you may match {standing}; {about}{not_higher}.</source>
            <translation>Misez {bid} : comme donneur, vous pouvez égaler {standing} ; {about}{not_higher}.</translation>
        </message>
        <message>
            <source>Bid {bid}{over}: {about}, a little short of {level}, but letting {seat}'s {standing} stand would cost your side more.</source>
            <translation>Misez {bid}{over} : {about}, un peu moins que {level}, mais laisser le {standing} de {seat} coûterait plus cher à votre équipe.</translation>
        </message>
        <message>
            <source>Bid {bid}{over}: {about}, a little short of {level}, but passing would likely leave the contract to the opponents, which costs more.</source>
            <translation>Misez {bid}{over} : {about}, un peu moins que {level}, mais passer laisserait sans doute le contrat aux adversaires, ce qui coûte plus cher.</translation>
        </message>
        <message>
            <source>Bid {bid}{over}: {about}{not_higher}.</source>
            <translation>Misez {bid}{over} : {about}{not_higher}.</translation>
        </message>
        <message>
            <source>. A made contract scores the points you take whatever the bid, and no one after you can outbid it, so bidding {up} would only add risk</source>
            <translation>. Un contrat réussi marque les points faits, quelle que soit la mise, et personne après vous ne peut la dépasser : miser {up} ne ferait qu'ajouter du risque</translation>
        </message>
        <message>
            <source>. Bid {bid}, not {up}: a made contract scores the points you take whatever the bid, and {names} would seldom outbid {bid}, so {up} would only add risk</source>
            <translation>. Misez {bid}, pas {up} : un contrat réussi marque les points faits, quelle que soit la mise, et {bid} serait rarement dépassé par {names} ; {up} ne ferait qu'ajouter du risque</translation>
        </message>
        <message>
            <source>Bid {bid} over your partner's {standing}: your hand is the stronger one to play it; {about}{not_higher}.</source>
            <translation>Misez {bid} par-dessus le {standing} de votre partenaire : votre main est la plus forte pour le jouer ; {about}{not_higher}.</translation>
        </message>
        <message>
            <source>Bid {bid} over your partner's {standing}: {who} and could take {standing} away; {about}{not_higher}.</source>
            <translation>Misez {bid} par-dessus le {standing} de votre partenaire : {who}, et le {standing} pourrait être dépassé ; {about}{not_higher}.</translation>
        </message>
        <message>
            <source>Pass: your partner's bid of {standing} stands, and your hand supports it.</source>
            <translation>Passez : la mise de {standing} de votre partenaire tient, et votre main l'appuie.</translation>
        </message>
        <message>
            <source>The dealer must bid when everyone passes: {bid} in no trump.</source>
            <translation>Le donneur doit miser quand tout le monde passe : {bid} sans-atout.</translation>
        </message>
        <message>
            <source>The dealer must bid when everyone passes: {bid} with {suit} as trump.</source>
            <translation>Le donneur doit miser quand tout le monde passe : {bid} avec {suit} comme atout.</translation>
        </message>
        <message>
            <source>Pass: you could bid {bid}, but your hand defends well. If everyone passes, {dealer} (the dealer) must bid and would often be set; bidding {bid} would score less on average.</source>
            <translation>Passez : vous pourriez miser {bid}, mais votre main défend bien. Si tout le monde passe, {dealer} (le donneur) doit miser et raterait souvent son contrat ; miser {bid} rapporterait moins en moyenne.</translation>
        </message>
        <message>
            <source>Pass: you could bid {bid}, but an opponent who bids against your hand would often be set; bidding {bid} would score less on average.</source>
            <translation>Passez : vous pourriez miser {bid}, mais un adversaire qui mise contre votre main raterait souvent son contrat ; miser {bid} rapporterait moins en moyenne.</translation>
        </message>
        <message>
            <source>Pass: bidding {bid} would score less on average than letting it go.</source>
            <translation>Passez : miser {bid} rapporterait moins en moyenne que de laisser faire.</translation>
        </message>
        <message>
            <source>Pass: your side might reach {need}, but would fall short too often.</source>
            <translation>Passez : votre équipe pourrait atteindre {need}, mais échouerait trop souvent.</translation>
        </message>
        <message>
            <source>Pass: your side would take about {points}, short of {need}.</source>
            <translation>Passez : votre équipe ferait environ {points}, moins que {need}.</translation>
        </message>
        <message>
            <source>Discard {first} and {second}: the hand is strongest without them.</source>
            <translation>Écartez {first} et {second} : la main est plus forte sans ces deux cartes.</translation>
        </message>
        <message>
            <source>{move}; given the cards the others probably hold, this play scores about {gain} more on average than playing {card}.</source>
            <translation>{move} ; vu les cartes que les autres ont probablement, ce coup rapporte en moyenne environ {gain} de plus que de jouer {card}.</translation>
        </message>
        <message>
            <source>{move}; given the cards the others probably hold, this play does better than playing {card}.</source>
            <translation>{move} ; vu les cartes que les autres ont probablement, ce coup donne un meilleur résultat que de jouer {card}.</translation>
        </message>
        <message>
            <source>Lead {card}, a trump</source>
            <translation>Ouvrez avec {card}, un atout</translation>
        </message>
        <message>
            <source>Lead {card}</source>
            <translation>Ouvrez avec {card}</translation>
        </message>
        <message>
            <source>Give your partner the 5♥ on this trick</source>
            <translation>Donnez le 5 de cœur à votre partenaire dans cette levée</translation>
        </message>
        <message>
            <source>Win the trick with the 5♥</source>
            <translation>Gagnez la levée avec le 5 de cœur</translation>
        </message>
        <message>
            <source>Give up the 5♥ now: kept, it would likely cost your side more later</source>
            <translation>Cédez le 5 de cœur maintenant : gardé, il coûterait sans doute plus à votre équipe plus tard</translation>
        </message>
        <message>
            <source>Play the 3♠ on the opponents' trick: if they take it, it costs them 3 points</source>
            <translation>Jouez le 3 de pique dans la levée des adversaires : s'ils la prennent, elle leur coûte 3 points</translation>
        </message>
        <message>
            <source>Take over your partner's trick with {card}</source>
            <translation>Prenez la levée de votre partenaire avec {card}</translation>
        </message>
        <message>
            <source>Trump in with {card}</source>
            <translation>Coupez avec {card}</translation>
        </message>
        <message>
            <source>Win the trick for now with {card}</source>
            <translation>Gagnez la levée pour l'instant avec {card}</translation>
        </message>
        <message>
            <source>Play {card} and keep your other cards for later</source>
            <translation>Jouez {card} et gardez vos autres cartes pour plus tard</translation>
        </message>
        <message>
            <source>Pass: your partner's bid of {standing} stands. If the others bid higher, you can still bid.</source>
            <translation>Passez : la mise de {standing} de votre partenaire tient. Si les autres misent plus haut, vous pourrez encore miser.</translation>
        </message>
        <message>
            <source>Bid {bid}: the lowest bid. Your hand is worth up to {wanted}, and you can bid again if someone goes higher.</source>
            <translation>Misez {bid} : la plus petite mise. Votre main vaut jusqu'à {wanted}, et vous pourrez miser de nouveau si quelqu'un monte.</translation>
        </message>
        <message>
            <source>Bid {bid}: as the dealer you may match {standing} and take it. Your hand is worth up to {wanted}, and you can bid again if someone goes higher.</source>
            <translation>Misez {bid} : comme donneur, vous pouvez égaler {standing} et le prendre. Votre main vaut jusqu'à {wanted}, et vous pourrez miser de nouveau si quelqu'un monte.</translation>
        </message>
        <message>
            <source>Bid {bid}: just enough to top {standing}. Your hand is worth up to {wanted}, and you can bid again if someone goes higher.</source>
            <translation>Misez {bid} : juste assez pour dépasser {standing}. Votre main vaut jusqu'à {wanted}, et vous pourrez miser de nouveau si quelqu'un monte.</translation>
        </message>
    </context>
    <context>
        <name>Refusals</name>
        <message>
            <source>The game is over.</source>
            <translation>La partie est terminée.</translation>
        </message>
        <message>
            <source>The cards are already dealt.</source>
            <translation>Les cartes sont déjà distribuées.</translation>
        </message>
        <message>
            <source>The cards have not been dealt yet.</source>
            <translation>Les cartes ne sont pas encore distribuées.</translation>
        </message>
        <message>
            <source>First decide whether to ask for a redeal.</source>
            <translation>Décidez d'abord si vous demandez une nouvelle donne.</translation>
        </message>
        <message>
            <source>First pass a card to your partner.</source>
            <translation>Passez d'abord une carte à votre partenaire.</translation>
        </message>
        <message>
            <source>It is time to bid or pass.</source>
            <translation>C'est le moment de miser ou de passer.</translation>
        </message>
        <message>
            <source>First discard two cards.</source>
            <translation>Écartez d'abord deux cartes.</translation>
        </message>
        <message>
            <source>First name trump.</source>
            <translation>Choisissez d'abord l'atout.</translation>
        </message>
        <message>
            <source>It is time to play a card.</source>
            <translation>C'est le moment de jouer une carte.</translation>
        </message>
        <message>
            <source>That is not possible now.</source>
            <translation>Ce n'est pas possible maintenant.</translation>
        </message>
        <message>
            <source>Each seat must be dealt 8 cards.</source>
            <translation>Chaque joueur doit recevoir 8 cartes.</translation>
        </message>
        <message>
            <source>The kitty must hold {count} cards.</source>
            <translation>Le talon doit avoir {count} cartes.</translation>
        </message>
        <message>
            <source>{card} is dealt twice.</source>
            <translation>{card} est distribuée deux fois.</translation>
        </message>
        <message>
            <source>{card} is not in the pack.</source>
            <translation>{card} n'est pas dans le paquet.</translation>
        </message>
        <message>
            <source>You do not hold the {card}.</source>
            <translation>Vous n'avez pas {card}.</translation>
        </message>
        <message>
            <source>Discard two different cards.</source>
            <translation>Écartez deux cartes différentes.</translation>
        </message>
        <message>
            <source>You may not discard the 5♥ or the 3♠.</source>
            <translation>Vous ne pouvez pas écarter le 5 de cœur ni le 3 de pique.</translation>
        </message>
        <message>
            <source>Name a trump suit: no trump must be said in the bid.</source>
            <translation>Choisissez une couleur d'atout : le sans-atout doit être annoncé dans la mise.</translation>
        </message>
        <message>
            <source>You must follow {suit}.</source>
            <translation>Vous devez fournir du {suit}.</translation>
        </message>
        <message>
            <source>The dealer must bid at least {level}.</source>
            <translation>Le donneur doit miser au moins {level}.</translation>
        </message>
        <message>
            <source>The Kaiser bid is not played under these rules.</source>
            <translation>La mise Kaiser ne se joue pas avec ces règles.</translation>
        </message>
        <message>
            <source>Bids go from {low} to {high}.</source>
            <translation>Les mises vont de {low} à {high}.</translation>
        </message>
        <message>
            <source>"{bid}" does not equal or outrank "{standing}".</source>
            <translation>« {bid} » n'égale pas et ne dépasse pas « {standing} ».</translation>
        </message>
        <message>
            <source>"{bid}" does not outrank "{standing}".</source>
            <translation>« {bid} » ne dépasse pas « {standing} ».</translation>
        </message>
    </context>
    <context>
        <name>Review</name>
        <message>
            <source>Only a hand played to its last trick can be reviewed.</source>
            <translation>Seule une donne jouée jusqu'à sa dernière levée peut être analysée.</translation>
        </message>
        <message>
            <source>There is no such hand in this game.</source>
            <translation>Il n'y a pas de telle donne dans cette partie.</translation>
        </message>
    </context>
    <context>
        <name>Seats</name>
        <message>
            <source>North</source>
            <translation>Nord</translation>
        </message>
        <message>
            <source>East</source>
            <translation>Est</translation>
        </message>
        <message>
            <source>South</source>
            <translation>Sud</translation>
        </message>
        <message>
            <source>West</source>
            <translation>Ouest</translation>
        </message>
    </context>
    <context>
        <name>Suits</name>
        <message>
            <source>spades</source>
            <translation>pique</translation>
        </message>
        <message>
            <source>hearts</source>
            <translation>cœur</translation>
        </message>
        <message>
            <source>diamonds</source>
            <translation>carreau</translation>
        </message>
        <message>
            <source>clubs</source>
            <translation>trèfle</translation>
        </message>
        <message>
            <source>Spades</source>
            <translation>Pique</translation>
        </message>
        <message>
            <source>Hearts</source>
            <translation>Cœur</translation>
        </message>
        <message>
            <source>Diamonds</source>
            <translation>Carreau</translation>
        </message>
        <message>
            <source>Clubs</source>
            <translation>Trèfle</translation>
        </message>
    </context>
    <context>
        <name>Summary</name>
        <message>
            <source>{mine} to {theirs}</source>
            <translation>{mine} à {theirs}</translation>
        </message>
        <message>
            <source>You win, {score}!</source>
            <translation>Vous gagnez, {score} !</translation>
        </message>
        <message>
            <source>{team} win, {score}.</source>
            <translation>{team} gagnent, {score}.</translation>
        </message>
        <message>
            <source>Good game!</source>
            <translation>Belle partie !</translation>
        </message>
        <message>
            <source>Congratulations to you and {partner}. Well played!</source>
            <translation>Félicitations à vous et à {partner}. Bien joué !</translation>
        </message>
        <message>
            <source>Well played all the same. Better luck next game!</source>
            <translation>Bien joué quand même. Meilleure chance à la prochaine partie !</translation>
        </message>
        <message>
            <source>{team} reached {target} points first.</source>
            <comment>you</comment>
            <translation>{team} avez atteint {target} points en premier.</translation>
        </message>
        <message>
            <source>{team} reached {target} points first.</source>
            <translation>{team} ont atteint {target} points en premier.</translation>
        </message>
        <message>
            <source>{team} fell to {minus}52 or below, which loses the game.</source>
            <comment>you</comment>
            <translation>{team} êtes tombés à {minus}52 ou moins, ce qui fait perdre la partie.</translation>
        </message>
        <message>
            <source>{team} fell to {minus}52 or below, which loses the game.</source>
            <translation>{team} sont tombés à {minus}52 ou moins, ce qui fait perdre la partie.</translation>
        </message>
        <message>
            <source>{team} took the 5♥ while on {limit} or more, which wins the game at once.</source>
            <comment>you</comment>
            <translation>{team} avez pris le 5 de cœur en ayant {limit} ou plus, ce qui gagne la partie sur-le-champ.</translation>
        </message>
        <message>
            <source>{team} took the 5♥ while on {limit} or more, which wins the game at once.</source>
            <translation>{team} ont pris le 5 de cœur en ayant {limit} ou plus, ce qui gagne la partie sur-le-champ.</translation>
        </message>
        <message>
            <source>Final score</source>
            <translation>Pointage final</translation>
        </message>
        <message>
            <source>You have won your first game.</source>
            <translation>Vous avez gagné votre première partie.</translation>
        </message>
        <message>
            <source>That was your first game.</source>
            <translation>C'était votre première partie.</translation>
        </message>
        <message>
            <source>no tricks</source>
            <translation>aucune levée</translation>
        </message>
        <message>
            <source>{tricks} with the 3♠ (fewer than 3 tricks)</source>
            <translation>{tricks} avec le 3♠ (moins de 3 levées)</translation>
        </message>
        <message>
            <source>{tricks} (the 5♥ counts only with 3 tricks or more)</source>
            <translation>{tricks} (le 5♥ compte seulement avec 3 levées ou plus)</translation>
        </message>
        <message>
            <source>Kaiser needs all {total} tricks: made, {change}</source>
            <translation>le Kaiser demande les {total} levées : réussi, {change}</translation>
        </message>
        <message>
            <source>Kaiser needs all {total} tricks: failed, {change}</source>
            <translation>le Kaiser demande les {total} levées : raté, {change}</translation>
        </message>
        <message>
            <source>the bid was {bid}: made, and no trump counts double: {doubled}</source>
            <translation>la mise était de {bid} : réussie, et le sans-atout compte double : {doubled}</translation>
        </message>
        <message>
            <source>the bid was {bid}: failed, and no trump counts double: {lost}</source>
            <translation>la mise était de {bid} : ratée, et le sans-atout compte double : {lost}</translation>
        </message>
        <message>
            <source>the bid was {bid}: made, {change}</source>
            <translation>la mise était de {bid} : réussie, {change}</translation>
        </message>
        <message>
            <source>the bid was {bid}: failed, {change}</source>
            <translation>la mise était de {bid} : ratée, {change}</translation>
        </message>
        <message>
            <source>but a team already on {limit} or more scores nothing unless it bid: 0</source>
            <translation>mais une équipe qui a déjà {limit} ou plus ne marque rien si elle n'a pas misé : 0</translation>
        </message>
        <message>
            <source>a team already on {limit} or more still loses these: {change}</source>
            <translation>une équipe qui a déjà {limit} ou plus perd quand même ces points : {change}</translation>
        </message>
        <message>
            <source>but {target} can only be reached by winning a bid: 0</source>
            <translation>mais on ne peut atteindre {target} qu'en gagnant une mise : 0</translation>
        </message>
        <message>
            <source>so {change}</source>
            <translation>donc {change}</translation>
        </message>
        <message>
            <source>{name}: {sum}; {verdict}.</source>
            <translation>{name} : {sum} ; {verdict}.</translation>
        </message>
        <message>
            <source>{name}: {sum}, {verdict}.</source>
            <translation>{name} : {sum}, {verdict}.</translation>
        </message>
        <message>
            <source>{name}: {taken}; {verdict}.</source>
            <translation>{name} : {taken} ; {verdict}.</translation>
        </message>
        <message>
            <source>{who} played alone, with no trump, and had to win all {total} tricks.</source>
            <comment>you</comment>
            <translation>{who} avez joué sans partenaire, sans atout, et deviez gagner les {total} levées.</translation>
        </message>
        <message>
            <source>{who} played alone, with no trump, and had to win all {total} tricks.</source>
            <translation>{who} a joué sans partenaire, sans atout, et devait gagner les {total} levées.</translation>
        </message>
        <message>
            <source>{who} played alone, with {suit} ({symbol}) as trump, and had to win all {total} tricks.</source>
            <comment>you</comment>
            <translation>{who} avez joué sans partenaire, avec {suit} ({symbol}) comme atout, et deviez gagner les {total} levées.</translation>
        </message>
        <message>
            <source>{who} played alone, with {suit} ({symbol}) as trump, and had to win all {total} tricks.</source>
            <translation>{who} a joué sans partenaire, avec {suit} ({symbol}) comme atout, et devait gagner les {total} levées.</translation>
        </message>
        <message>
            <source>There was no trump.</source>
            <translation>Il n'y avait pas d'atout.</translation>
        </message>
        <message>
            <source>{who} named {suit} ({symbol}) as trump.</source>
            <comment>you</comment>
            <translation>{who} avez choisi {suit} ({symbol}) comme atout.</translation>
        </message>
        <message>
            <source>{who} named {suit} ({symbol}) as trump.</source>
            <translation>{who} a choisi {suit} ({symbol}) comme atout.</translation>
        </message>
        <message>
            <source>A player</source>
            <translation>Un joueur</translation>
        </message>
        <message>
            <source>{who} asked for a new deal: no ace, no face card, no 5♥ and no 3♠.</source>
            <comment>you</comment>
            <translation>{who} avez demandé une nouvelle donne : ni as, ni figure, ni 5♥, ni 3♠.</translation>
        </message>
        <message>
            <source>{who} asked for a new deal: no ace, no face card, no 5♥ and no 3♠.</source>
            <translation>{who} a demandé une nouvelle donne : ni as, ni figure, ni 5♥, ni 3♠.</translation>
        </message>
        <message>
            <source>Everyone passed, so this hand is not played. The next player deals.</source>
            <translation>Tout le monde a passé : cette donne n'est pas jouée. Le joueur suivant donne.</translation>
        </message>
        <message>
            <source>{who} bid Kaiser and took every trick!</source>
            <comment>you</comment>
            <translation>{who} avez misé Kaiser et fait toutes les levées !</translation>
        </message>
        <message>
            <source>{who} bid Kaiser and took every trick!</source>
            <translation>{who} a misé Kaiser et fait toutes les levées !</translation>
        </message>
        <message>
            <source>{who} bid Kaiser and did not take every trick.</source>
            <comment>you</comment>
            <translation>{who} avez misé Kaiser et n'avez pas fait toutes les levées.</translation>
        </message>
        <message>
            <source>{who} bid Kaiser and did not take every trick.</source>
            <translation>{who} a misé Kaiser et n'a pas fait toutes les levées.</translation>
        </message>
        <message>
            <source>{team} bid {bid} and made it.</source>
            <comment>you</comment>
            <translation>{team} avez misé {bid} et avez réussi.</translation>
        </message>
        <message>
            <source>{team} bid {bid} and made it.</source>
            <translation>{team} ont misé {bid} et ont réussi.</translation>
        </message>
        <message>
            <source>{team} bid {bid} and did not make it.</source>
            <comment>you</comment>
            <translation>{team} avez misé {bid} et n'avez pas réussi.</translation>
        </message>
        <message>
            <source>{team} bid {bid} and did not make it.</source>
            <translation>{team} ont misé {bid} et n'ont pas réussi.</translation>
        </message>
        <message>
            <source>The 5♥ and the 3♠ stayed in the hand that was out of play: nobody scores it.</source>
            <translation>Le 5♥ et le 3♠ sont restés dans la main hors jeu : personne ne les marque.</translation>
        </message>
        <message>
            <source>The 5♥ stayed in the hand that was out of play: nobody scores it.</source>
            <translation>Le 5♥ est resté dans la main hors jeu : personne ne le marque.</translation>
        </message>
        <message>
            <source>The 3♠ stayed in the hand that was out of play: nobody scores it.</source>
            <translation>Le 3♠ est resté dans la main hors jeu : personne ne le marque.</translation>
        </message>
        <message>
            <source>This hand</source>
            <translation>Cette donne</translation>
        </message>
        <message>
            <source>Total</source>
            <translation>Total</translation>
        </message>
        <message>
            <source>First to {target} points wins.</source>
            <translation>La première équipe à {target} points gagne.</translation>
        </message>
    </context>
    <context>
        <name>Wording</name>
        <message>
            <source>{first} and {last}</source>
            <translation>{first} et {last}</translation>
        </message>
        <message>
            <source>.</source>
            <translation>,</translation>
        </message>
        <message>
            <source>No trump</source>
            <translation>Sans-atout</translation>
        </message>
        <message>
            <source>{bid} no trump</source>
            <translation>{bid} sans-atout</translation>
        </message>
        <message>
            <source>You &amp; {partner}</source>
            <translation>Vous et {partner}</translation>
        </message>
        <message>
            <source>{first} &amp; {second}</source>
            <translation>{first} et {second}</translation>
        </message>
        <message>
            <source>Your hand has no ace, no face card, no 5♥ and no 3♠. Ask for a new deal?</source>
            <translation>Votre main n'a ni as, ni figure, ni 5♥, ni 3♠. Demander une nouvelle donne ?</translation>
        </message>
        <message>
            <source>Everyone passed: as dealer you must bid.</source>
            <translation>Tout le monde a passé : comme donneur, vous devez miser.</translation>
        </message>
        <message>
            <source>Everyone passed. You are the dealer: bid, or pass to throw the hand in.</source>
            <translation>Tout le monde a passé. Vous êtes le donneur : misez, ou passez pour annuler la donne.</translation>
        </message>
        <message>
            <source>{names} passed. Bids start at {minimum}: bid or pass.</source>
            <translation>{names} a passé. Les mises commencent à {minimum} : misez ou passez.</translation>
        </message>
        <message>
            <source>{names} passed. Bids start at {minimum}: bid or pass.</source>
            <comment>you and others</comment>
            <translation>{names} avez passé. Les mises commencent à {minimum} : misez ou passez.</translation>
        </message>
        <message>
            <source>{names} passed. Bids start at {minimum}: bid or pass.</source>
            <comment>several players</comment>
            <translation>{names} ont passé. Les mises commencent à {minimum} : misez ou passez.</translation>
        </message>
        <message>
            <source>Your bid. Bids start at {minimum}. Bid or pass.</source>
            <translation>À vous de miser. Les mises commencent à {minimum}. Misez ou passez.</translation>
        </message>
        <message>
            <source>{name} bid {bid}. As dealer you may equal it to take the contract, bid higher, or pass. You can bid again on a later turn.</source>
            <translation>{name} a misé {bid}. Comme donneur, vous pouvez l'égaler pour prendre le contrat, miser plus haut ou passer. Vous pourrez miser de nouveau à un prochain tour.</translation>
        </message>
        <message>
            <source>{name} bid {bid}. As dealer you may equal it to take the contract, bid higher, or pass.</source>
            <translation>{name} a misé {bid}. Comme donneur, vous pouvez l'égaler pour prendre le contrat, miser plus haut ou passer.</translation>
        </message>
        <message>
            <source>{name} bid {bid}. Bid higher or pass. You can bid again on a later turn.</source>
            <translation>{name} a misé {bid}. Misez plus haut ou passez. Vous pourrez miser de nouveau à un prochain tour.</translation>
        </message>
        <message>
            <source>{name} bid {bid}. Bid higher or pass.</source>
            <translation>{name} a misé {bid}. Misez plus haut ou passez.</translation>
        </message>
        <message>
            <source>play {card}</source>
            <translation>jouez {card}</translation>
        </message>
        <message>
            <source>pass</source>
            <translation>passez</translation>
        </message>
        <message>
            <source>bid {bid}</source>
            <translation>misez {bid}</translation>
        </message>
        <message>
            <source>play no trump</source>
            <translation>jouez sans-atout</translation>
        </message>
        <message>
            <source>name {suit} as trump</source>
            <translation>choisissez {suit} comme atout</translation>
        </message>
        <message>
            <source>pass {card} to {partner}</source>
            <translation>passez {card} à {partner}</translation>
        </message>
        <message>
            <source>put aside {first} and {second}</source>
            <translation>écartez {first} et {second}</translation>
        </message>
        <message>
            <source>ask for a new deal</source>
            <translation>demandez une nouvelle donne</translation>
        </message>
        <message>
            <source>keep this hand</source>
            <translation>gardez cette main</translation>
        </message>
        <message>
            <source>wait</source>
            <translation>attendez</translation>
        </message>
        <message>
            <source>Hint: Play {card}. It is the only card you can play.</source>
            <translation>Indice : Jouez {card}. C'est la seule carte que vous pouvez jouer.</translation>
        </message>
        <message>
            <source>To play these cards again: Game → Replay a deal by number…</source>
            <translation>Pour rejouer ces cartes : Partie → Rejouer une donne par son numéro…</translation>
        </message>
        <message>
            <source>Hint: {move}. It is the only thing you can do here.</source>
            <translation>Indice : {move}. C'est la seule chose que vous pouvez faire ici.</translation>
        </message>
        <message>
            <source>Hint: {move}.</source>
            <translation>Indice : {move}.</translation>
        </message>
        <message>
            <source>Hint: {reason}</source>
            <translation>Indice : {reason}</translation>
        </message>
        <message>
            <source>Hint: {move}. {reason}</source>
            <translation>Indice : {move}. {reason}</translation>
        </message>
        <message>
            <source>You played {card}</source>
            <translation>Vous avez joué {card}</translation>
        </message>
        <message>
            <source>{name} played {card}</source>
            <translation>{name} a joué {card}</translation>
        </message>
        <message>
            <source>You passed</source>
            <translation>Vous avez passé</translation>
        </message>
        <message>
            <source>{name} passed</source>
            <translation>{name} a passé</translation>
        </message>
        <message>
            <source>You bid {bid}</source>
            <translation>Vous avez misé {bid}</translation>
        </message>
        <message>
            <source>{name} bid {bid}</source>
            <translation>{name} a misé {bid}</translation>
        </message>
        <message>
            <source>You chose no trump</source>
            <translation>Vous avez choisi le sans-atout</translation>
        </message>
        <message>
            <source>{name} chose no trump</source>
            <translation>{name} a choisi le sans-atout</translation>
        </message>
        <message>
            <source>You named {suit} as trump</source>
            <translation>Vous avez choisi {suit} comme atout</translation>
        </message>
        <message>
            <source>{name} named {suit} as trump</source>
            <translation>{name} a choisi {suit} comme atout</translation>
        </message>
        <message>
            <source>You asked for a new deal</source>
            <translation>Vous avez demandé une nouvelle donne</translation>
        </message>
        <message>
            <source>{name} asked for a new deal</source>
            <translation>{name} a demandé une nouvelle donne</translation>
        </message>
        <message>
            <source>You kept the hand</source>
            <translation>Vous avez gardé la main</translation>
        </message>
        <message>
            <source>{name} kept the hand</source>
            <translation>{name} a gardé sa main</translation>
        </message>
        <message>
            <source>You made a move</source>
            <translation>Vous avez joué</translation>
        </message>
        <message>
            <source>{name} made a move</source>
            <translation>{name} a joué</translation>
        </message>
        <message>
            <source>{did}: it was the only card {name} could play.</source>
            <translation>{did} : c'était la seule carte que {name} pouvait jouer.</translation>
        </message>
        <message>
            <source>{did}: it was the only thing {name} could do.</source>
            <translation>{did} : c'était la seule chose que {name} pouvait faire.</translation>
        </message>
        <message>
            <source>{did}.</source>
            <translation>{did}.</translation>
        </message>
        <message>
            <source>{name} thought: “{reason}”</source>
            <translation>{name} s'est dit : « {reason} »</translation>
        </message>
        <message>
            <source>{did}: “{reason}”</source>
            <translation>{did} : « {reason} »</translation>
        </message>
    </context>
</TS>
