<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_CA" sourcelanguage="en">
<context>
    <name>ActionPanel</name>
    <message>
        <source>Click the table or press Enter to go on.</source>
        <translation>Cliquez sur la table ou appuyez sur Entrée pour continuer.</translation>
    </message>
    <message>
        <source>Changed your mind?</source>
        <translation>Vous avez changé d&apos;idée&#xa0;?</translation>
    </message>
</context>
<context>
    <name>BackgroundSaver</name>
    <message>
        <source>The game could not be saved ({error}).</source>
        <translation>La partie n&apos;a pas pu être enregistrée ({error}).</translation>
    </message>
</context>
<context>
    <name>CardNames</name>
    <message>
        <source>Ace</source>
        <translation>As</translation>
    </message>
    <message>
        <source>King</source>
        <translation>Roi</translation>
    </message>
    <message>
        <source>Queen</source>
        <translation>Dame</translation>
    </message>
    <message>
        <source>Jack</source>
        <translation>Valet</translation>
    </message>
    <message>
        <source>Ten</source>
        <translation>Dix</translation>
    </message>
    <message>
        <source>Nine</source>
        <translation>Neuf</translation>
    </message>
    <message>
        <source>Eight</source>
        <translation>Huit</translation>
    </message>
    <message>
        <source>Seven</source>
        <translation>Sept</translation>
    </message>
    <message>
        <source>Five</source>
        <translation>Cinq</translation>
    </message>
    <message>
        <source>Three</source>
        <translation>Trois</translation>
    </message>
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
        <source>{rank} of {suit}</source>
        <translation>{rank} de {suit}</translation>
    </message>
</context>
<context>
    <name>ClaimPanel</name>
    <message>
        <source>The last trick is yours — finish the hand?</source>
        <translation>La dernière levée est à vous — terminer la donne&#xa0;?</translation>
    </message>
    <message numerus="yes">
        <source>The last %n tricks are yours — finish the hand?</source>
        <translation>
            <numerusform>La dernière levée est à vous — terminer la donne&#xa0;?</numerusform>
            <numerusform>Les %n dernières levées sont à vous — terminer la donne&#xa0;?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Finish the hand</source>
        <translation>&amp;Terminer la donne</translation>
    </message>
    <message>
        <source>Play &amp;on</source>
        <translation>&amp;Continuer à jouer</translation>
    </message>
    <message>
        <source>{name} claims the last trick: it is certain, whatever is played.</source>
        <translation>{name} réclame la dernière levée&#xa0;: elle est assurée, quoi qu&apos;on joue.</translation>
    </message>
    <message numerus="yes">
        <source>{name} claims the last %n tricks: they are certain, whatever is played.</source>
        <translation>
            <numerusform>{name} réclame la dernière levée&#xa0;: elle est assurée, quoi qu&apos;on joue.</numerusform>
            <numerusform>{name} réclame les %n dernières levées&#xa0;: elles sont assurées, quoi qu&apos;on joue.</numerusform>
        </translation>
    </message>
    <message>
        <source>{name} shows:</source>
        <translation>{name} montre&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>&amp;Accepter</translation>
    </message>
    <message>
        <source>&amp;Play it out</source>
        <translation>&amp;Jouer jusqu&apos;au bout</translation>
    </message>
</context>
<context>
    <name>CodeBar</name>
    <message>
        <source>Table code:</source>
        <translation>Code de la table&#xa0;:</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy the table code</source>
        <translation>Copier le code de la table</translation>
    </message>
    <message>
        <source>Your table code: {code}</source>
        <translation>Le code de votre table&#xa0;: {code}</translation>
    </message>
</context>
<context>
    <name>DealNumbers</name>
    <message>
        <source>Type a deal number: point at a hand on the score sheet to see its own.</source>
        <translation>Tapez un numéro de donne&#xa0;: pointez une donne sur la feuille de pointage pour voir le sien.</translation>
    </message>
    <message>
        <source>A deal number has only digits, like 398 114 052 771 208 643.</source>
        <translation>Un numéro de donne n&apos;a que des chiffres, comme 398 114 052 771 208 643.</translation>
    </message>
    <message>
        <source>There is no deal with that number: they go from 1 to {largest}.</source>
        <translation>Aucune donne ne porte ce numéro&#xa0;: ils vont de 1 à {largest}.</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>You led.</source>
        <translation>Vous avez ouvert.</translation>
    </message>
    <message>
        <source>{name} led.</source>
        <translation>{name} a ouvert.</translation>
    </message>
    <message>
        <source>You won the trick.</source>
        <translation>Vous avez remporté la levée.</translation>
    </message>
    <message>
        <source>{name} won the trick.</source>
        <translation>{name} a remporté la levée.</translation>
    </message>
    <message>
        <source>About Kaiser Desktop</source>
        <translation>À propos de Kaiser Desktop</translation>
    </message>
    <message>
        <source>&lt;p&gt;The Canadian partnership card game, against friendly computer players.&lt;/p&gt;&lt;p&gt;Cards are drawn by the program; the card font is DejaVu Sans.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Le jeu de cartes canadien qui se joue en équipes de deux, contre de sympathiques joueurs de l&apos;ordinateur.&lt;/p&gt;&lt;p&gt;Les cartes sont dessinées par le programme&#xa0;; la police des cartes est DejaVu Sans.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The computer players think with the fast built-in solver.</source>
        <translation>Les joueurs de l&apos;ordinateur réfléchissent avec le moteur rapide intégré.</translation>
    </message>
    <message>
        <source>The computer players think with the slower Python solver (the fast one could not be loaded on this computer).</source>
        <translation>Les joueurs de l&apos;ordinateur réfléchissent avec le moteur Python, plus lent (le moteur rapide n&apos;a pas pu être chargé sur cet ordinateur).</translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation>Dernière levée</translation>
    </message>
</context>
<context>
    <name>FamilyDialog</name>
    <message>
        <source>Across from you (your partner)</source>
        <translation>En face de vous (votre partenaire)</translation>
    </message>
    <message>
        <source>On your left</source>
        <translation>À votre gauche</translation>
    </message>
    <message>
        <source>On your right</source>
        <translation>À votre droite</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Someone from the family</source>
        <translation>Quelqu&apos;un de la famille</translation>
    </message>
    <message>
        <source>Computer: {level}</source>
        <translation>Ordinateur&#xa0;: {level}</translation>
    </message>
    <message>
        <source>{name} has sat down</source>
        <translation>{name} a pris place</translation>
    </message>
    <message>
        <source>{name}: connection lost, a computer plays</source>
        <translation>{name}&#xa0;: connexion perdue, l&apos;ordinateur joue</translation>
    </message>
    <message>
        <source>A computer plays</source>
        <translation>L&apos;ordinateur joue</translation>
    </message>
    <message>
        <source>Waiting for someone to join…</source>
        <translation>En attente de quelqu&apos;un…</translation>
    </message>
    <message>
        <source>Play with family</source>
        <translation>Jouer en famille</translation>
    </message>
    <message>
        <source>Play with family and friends at their own computers. One person hosts the table; the others join it with the table code. Computers play the seats no one takes.</source>
        <translation>Jouez avec la famille et les amis, chacun à son ordinateur. Une personne ouvre la table&#x202f;; les autres la rejoignent avec le code de la table. L&apos;ordinateur joue les places que personne ne prend.</translation>
    </message>
    <message>
        <source>Your name, as the others will see it:</source>
        <translation>Votre nom, tel que les autres le verront&#xa0;:</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Votre nom</translation>
    </message>
    <message>
        <source>Host a table (the others join you)</source>
        <translation>Ouvrir une table (les autres vous rejoignent)</translation>
    </message>
    <message>
        <source>Join a table</source>
        <translation>Rejoindre une table</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Your table code:</source>
        <translation>Le code de votre table&#xa0;:</translation>
    </message>
    <message>
        <source>Copy the code</source>
        <translation>Copier le code</translation>
    </message>
    <message>
        <source>The seats:</source>
        <translation>Les places&#xa0;:</translation>
    </message>
    <message>
        <source>Draw partners</source>
        <translation>Tirer les partenaires</translation>
    </message>
    <message>
        <source>The people at the table are given seats at random, so partners are drawn.</source>
        <translation>Les personnes à la table reçoivent une place au hasard, ce qui tire les partenaires au sort.</translation>
    </message>
    <message>
        <source>Start the game</source>
        <translation>Commencer la partie</translation>
    </message>
    <message>
        <source>Close the table</source>
        <translation>Fermer la table</translation>
    </message>
    <message>
        <source>Type your name first, so the others know who you are.</source>
        <translation>Tapez d&apos;abord votre nom, pour que les autres sachent qui vous êtes.</translation>
    </message>
    <message>
        <source>Your table code: {code}</source>
        <translation>Le code de votre table&#xa0;: {code}</translation>
    </message>
    <message>
        <source>Reaching the relay… Until it answers, only computers on this home network can join.</source>
        <translation>Connexion au relais… D&apos;ici à ce qu&apos;il réponde, seuls les ordinateurs de ce réseau de la maison peuvent se joindre.</translation>
    </message>
    <message>
        <source>Family in other houses and on this home network can join.</source>
        <translation>La famille dans d&apos;autres maisons et sur ce réseau de la maison peut se joindre.</translation>
    </message>
    <message>
        <source>Only computers on this home network can join. For family in other houses, put a relay address in Settings first.</source>
        <translation>Seuls les ordinateurs de ce réseau de la maison peuvent se joindre. Pour la famille dans d&apos;autres maisons, inscrivez d&apos;abord une adresse de relais dans les Paramètres.</translation>
    </message>
    <message>
        <source>Right now only computers on this home network can join: the relay is not answering. The app keeps trying; family in other houses can join as soon as it answers.</source>
        <translation>Pour l&apos;instant, seuls les ordinateurs de ce réseau de la maison peuvent se joindre&#xa0;: le relais ne répond pas. L&apos;application continue d&apos;essayer&#x202f;; la famille dans d&apos;autres maisons pourra se joindre dès qu&apos;il répondra.</translation>
    </message>
    <message>
        <source>Someone sits there and no other seat is free for them, so the seat stays theirs.</source>
        <translation>Quelqu&apos;un est assis à cette place et aucune autre place n&apos;est libre pour cette personne, alors la place lui reste.</translation>
    </message>
    <message>
        <source>The partners were drawn.</source>
        <translation>Les partenaires ont été tirés au sort.</translation>
    </message>
    <message>
        <source>The table code (the host reads it to you):</source>
        <translation>Le code de la table (l&apos;hôte vous le lit)&#xa0;:</translation>
    </message>
    <message>
        <source>maple-river-lantern-otter-427</source>
        <translation>érable-rivière-lanterne-loutre-427</translation>
    </message>
    <message>
        <source>The table code</source>
        <translation>Le code de la table</translation>
    </message>
    <message>
        <source>Or a table on this home network:</source>
        <translation>Ou une table sur ce réseau de la maison&#xa0;:</translation>
    </message>
    <message>
        <source>Tables on this home network</source>
        <translation>Tables sur ce réseau de la maison</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Rejoindre</translation>
    </message>
    <message>
        <source>{name}&apos;s table</source>
        <translation>La table de {name}</translation>
    </message>
    <message>
        <source>Looking…</source>
        <translation>Recherche en cours…</translation>
    </message>
    <message>
        <source>No table found on this home network.</source>
        <translation>Aucune table trouvée sur ce réseau de la maison.</translation>
    </message>
    <message>
        <source>Type the table code the host reads to you.</source>
        <translation>Tapez le code de la table que l&apos;hôte vous lit.</translation>
    </message>
    <message>
        <source>Joining…</source>
        <translation>Connexion à la table…</translation>
    </message>
</context>
<context>
    <name>FamilyPlay</name>
    <message>
        <source>A table can be hosted only from your own game.</source>
        <translation>On ne peut ouvrir une table qu&apos;à partir de votre propre partie.</translation>
    </message>
    <message>
        <source>Play with family</source>
        <translation>Jouer en famille</translation>
    </message>
    <message>
        <source>Your game in progress ends when the family game starts. Host a table?</source>
        <translation>Votre partie en cours se termine quand la partie en famille commence. Ouvrir une table&#xa0;?</translation>
    </message>
    <message>
        <source>Your game goes on; no table was opened.</source>
        <translation>Votre partie continue&#x202f;; aucune table n&apos;a été ouverte.</translation>
    </message>
    <message>
        <source>the host</source>
        <translation>l&apos;hôte</translation>
    </message>
    <message>
        <source>Your family table</source>
        <translation>Votre table en famille</translation>
    </message>
    <message>
        <source>You were playing at {host}&apos;s table. Go back to {host}&apos;s table?</source>
        <translation>Vous jouiez à la table de {host}. Retourner à la table de {host}&#x202f;?</translation>
    </message>
    <message>
        <source>Go back</source>
        <translation>Y retourner</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <source>Going back to {host}&apos;s table…</source>
        <translation>Retour à la table de {host}…</translation>
    </message>
    <message>
        <source>Someone tried a wrong table code many times. Nobody new can join with this code any more. The people at the table play on. To let someone new in, close the table and host it again: it gets a new code.</source>
        <translation>Quelqu&apos;un a essayé un mauvais code de table plusieurs fois. Personne de nouveau ne peut plus se joindre avec ce code. Les personnes à la table continuent de jouer. Pour laisser entrer quelqu&apos;un de nouveau, fermez la table et ouvrez-la de nouveau&#xa0;: elle reçoit un nouveau code.</translation>
    </message>
    <message>
        <source>Someone tried a wrong table code 4 times. Nobody new can join with this code for now.</source>
        <translation>Quelqu&apos;un a essayé un mauvais code de table 4 fois. Personne de nouveau ne peut se joindre avec ce code pour le moment.</translation>
    </message>
    <message>
        <source>Let them try again</source>
        <translation>Les laisser essayer de nouveau</translation>
    </message>
    <message>
        <source>Your family game</source>
        <translation>Votre partie en famille</translation>
    </message>
    <message>
        <source>Your saved game is a family game. Open the table again so the others can join? It keeps the same code. If not, the computer plays their seats.</source>
        <translation>Votre partie enregistrée est une partie en famille. Ouvrir la table de nouveau pour que les autres puissent la rejoindre&#xa0;? Elle garde le même code. Sinon, l&apos;ordinateur joue leurs places.</translation>
    </message>
    <message>
        <source>Your saved game is a family game. Open the table again so the others can join? It gets a new code to read to them. If not, the computer plays their seats.</source>
        <translation>Votre partie enregistrée est une partie en famille. Ouvrir la table de nouveau pour que les autres puissent la rejoindre&#xa0;? Elle aura un nouveau code à leur lire. Sinon, l&apos;ordinateur joue leurs places.</translation>
    </message>
    <message>
        <source>Open the table</source>
        <translation>Ouvrir la table</translation>
    </message>
    <message>
        <source>The table is open again, with the same code. Your family&apos;s apps find it by themselves. The computer plays their seats until they are back.</source>
        <translation>La table est de nouveau ouverte, avec le même code. Les applications de votre famille la trouvent d&apos;elles-mêmes. L&apos;ordinateur joue à leurs places jusqu&apos;à leur retour.</translation>
    </message>
    <message>
        <source>The table is open again, with a new code. Read it to your family: they choose Game → Play with family… → Join a table. The computer plays their seats until they are back.</source>
        <translation>La table est de nouveau ouverte, avec un nouveau code. Lisez-le à votre famille&#xa0;: ils choisissent Partie → Jouer en famille… → Rejoindre une table. L&apos;ordinateur joue à leurs places jusqu&apos;à leur retour.</translation>
    </message>
</context>
<context>
    <name>FirstJackShow</name>
    <message>
        <source>Jack! Deals first</source>
        <translation>Valet&#xa0;! Donne en premier</translation>
    </message>
</context>
<context>
    <name>JoinSession</name>
    <message>
        <source>That is not a table code. It is four words and a number, like maple-river-lantern-otter-427.</source>
        <translation>Ce n&apos;est pas un code de table. Il a quatre mots et un nombre, comme érable-rivière-lanterne-loutre-427.</translation>
    </message>
    <message>
        <source>The relay address {address} is not one that works. A relay address starts with ws:// or wss://, like wss://relay.example.org. Check it in Settings (Game → Settings → Players).</source>
        <translation>L&apos;adresse de relais {address} ne peut pas fonctionner. Une adresse de relais commence par ws:// ou wss://, comme wss://relay.example.org. Vérifiez-la dans les Paramètres (Partie → Paramètres → Joueurs).</translation>
    </message>
    <message>
        <source>No table with that code was found on this home network. Check the code with the host. If the host is in another house, put the relay address in Settings first (Game → Settings → Players).</source>
        <translation>Aucune table avec ce code n&apos;a été trouvée sur ce réseau de la maison. Vérifiez le code avec l&apos;hôte. Si l&apos;hôte est dans une autre maison, inscrivez d&apos;abord l&apos;adresse du relais dans les Paramètres (Partie → Paramètres → Joueurs).</translation>
    </message>
    <message>
        <source>The table did not answer. Check the code with the host, and that the host&apos;s Play with family window is still open.</source>
        <translation>La table n&apos;a pas répondu. Vérifiez le code avec l&apos;hôte, et que sa fenêtre Jouer en famille est encore ouverte.</translation>
    </message>
</context>
<context>
    <name>JoinWords</name>
    <message>
        <source>No table with that code is open. Check the code with the host: if the host closed the table or it has expired, ask for the new code.</source>
        <translation>Aucune table n&apos;est ouverte avec ce code. Vérifiez le code avec l&apos;hôte&#xa0;: si l&apos;hôte a fermé la table ou si elle a expiré, demandez le nouveau code.</translation>
    </message>
    <message>
        <source>That table is full: every seat is taken.</source>
        <translation>Cette table est complète&#xa0;: toutes les places sont prises.</translation>
    </message>
    <message>
        <source>The relay speaks another version of Kaiser. Please update Kaiser, then join again.</source>
        <translation>Le relais parle une autre version de Kaiser. Veuillez mettre Kaiser à jour, puis vous joindre de nouveau.</translation>
    </message>
    <message>
        <source>The relay is too busy right now. Try again in a few minutes.</source>
        <translation>Le relais est trop occupé pour l&apos;instant. Réessayez dans quelques minutes.</translation>
    </message>
    <message>
        <source>The relay turned this app away. Please update Kaiser, then join again.</source>
        <translation>Le relais a refusé cette application. Veuillez mettre Kaiser à jour, puis vous joindre de nouveau.</translation>
    </message>
    <message>
        <source>That code is not right. Check it with the host and type it again.</source>
        <translation>Ce code n&apos;est pas le bon. Vérifiez-le avec l&apos;hôte et tapez-le de nouveau.</translation>
    </message>
    <message>
        <source>Too many wrong codes were tried at this table. Ask the host to let the code work again, then join.</source>
        <translation>Trop de mauvais codes ont été essayés à cette table. Demandez à l&apos;hôte de réactiver le code, puis joignez-vous.</translation>
    </message>
    <message>
        <source>The table on this home network is not answering. Check that the host&apos;s Play with family window is still open.</source>
        <translation>La table sur ce réseau de la maison ne répond pas. Vérifiez que la fenêtre Jouer en famille de l&apos;hôte est toujours ouverte.</translation>
    </message>
    <message>
        <source>The relay address {address} is not one that works. A relay address starts with ws:// or wss://, like wss://relay.example.org. Check it in Settings (Game → Settings → Players).</source>
        <translation>L&apos;adresse de relais {address} ne peut pas fonctionner. Une adresse de relais commence par ws:// ou wss://, comme wss://relay.example.org. Vérifiez-la dans les Paramètres (Partie → Paramètres → Joueurs).</translation>
    </message>
    <message>
        <source>The secure connection to the relay {address} failed. Check the relay address in Settings (Game → Settings → Players): a relay without a secure connection starts with ws://, not wss://.</source>
        <translation>La connexion sécurisée au relais {address} a échoué. Vérifiez l&apos;adresse du relais dans les Paramètres (Partie → Paramètres → Joueurs)&#xa0;: un relais sans connexion sécurisée commence par ws://, et non wss://.</translation>
    </message>
    <message>
        <source>The relay {address} cannot be found. Check the relay address in Settings (Game → Settings → Players) and that this computer is on the internet.</source>
        <translation>Le relais {address} est introuvable. Vérifiez l&apos;adresse du relais dans les Paramètres (Partie → Paramètres → Joueurs) et que cet ordinateur est branché à Internet.</translation>
    </message>
    <message>
        <source>The relay {address} is not answering. Check that this computer is on the internet and the relay address in Settings (Game → Settings → Players).</source>
        <translation>Le relais {address} ne répond pas. Vérifiez que cet ordinateur est branché à Internet, et l&apos;adresse du relais dans les Paramètres (Partie → Paramètres → Joueurs).</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Hand {number}</source>
        <translation>Donne {number}</translation>
    </message>
    <message>
        <source>Press P to pass</source>
        <translation>Appuyez sur P pour passer</translation>
    </message>
    <message>
        <source>Practice game (undo used)</source>
        <translation>Partie d&apos;entraînement (un coup annulé)</translation>
    </message>
    <message>
        <source>Not saved: {reason}</source>
        <translation>Non enregistrée&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>Export game record</source>
        <translation>Exporter la partie</translation>
    </message>
    <message>
        <source>Kaiser game records (*.json)</source>
        <translation>Parties de Kaiser (*.json)</translation>
    </message>
    <message>
        <source>Open game record</source>
        <translation>Ouvrir une partie enregistrée</translation>
    </message>
    <message>
        <source>Kaiser game records (*.json);;All files (*)</source>
        <translation>Parties de Kaiser (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Replay a deal</source>
        <translation>Rejouer une donne</translation>
    </message>
    <message>
        <source>The number of the last hand played is filled in. To play another
hand again, type its number (point at it on the score sheet):</source>
        <translation>Le numéro de la dernière donne jouée est déjà inscrit. Pour rejouer une autre
donne, tapez son numéro (pointez-la sur la feuille de pointage)&#xa0;:</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Nouvelle partie</translation>
    </message>
    <message>
        <source>End the family game and start a new game of your own? The others will be told that the family game has ended.</source>
        <translation>Terminer la partie en famille et commencer une nouvelle partie à vous&#x202f;? Les autres seront avisés que la partie en famille est terminée.</translation>
    </message>
    <message>
        <source>Your last move was taken back. This game now counts as practice.</source>
        <translation>Votre dernier coup a été repris. Cette partie compte maintenant comme entraînement.</translation>
    </message>
    <message>
        <source>A hint is for when it is your turn.</source>
        <translation>Un indice, c&apos;est pour quand c&apos;est votre tour.</translation>
    </message>
    <message>
        <source>Thinking of a hint…</source>
        <translation>Je cherche un indice…</translation>
    </message>
    <message>
        <source>The computer players have not bid or played yet in this hand.</source>
        <translation>Les joueurs de l&apos;ordinateur n&apos;ont encore ni misé ni joué dans cette donne.</translation>
    </message>
    <message>
        <source>That is you!</source>
        <translation>C&apos;est vous&#xa0;!</translation>
    </message>
    <message>
        <source>{name} has not bid or played yet in this hand.</source>
        <translation>{name} n&apos;a encore ni misé ni joué dans cette donne.</translation>
    </message>
    <message>
        <source>Why?</source>
        <translation>Pourquoi&#xa0;?</translation>
    </message>
    <message>
        <source>Your game could not be saved</source>
        <translation>Votre partie n&apos;a pas pu être enregistrée</translation>
    </message>
</context>
<context>
    <name>NamePlate</name>
    <message>
        <source>{name} (sits out)</source>
        <translation>{name} (ne joue pas)</translation>
    </message>
</context>
<context>
    <name>PanelChoices</name>
    <message>
        <source>New deal</source>
        <translation>Nouvelle donne</translation>
    </message>
    <message>
        <source>Keep this hand</source>
        <translation>Garder ce jeu</translation>
    </message>
    <message>
        <source>Bid</source>
        <translation>Miser</translation>
    </message>
    <message>
        <source>No trump</source>
        <translation>Sans-atout</translation>
    </message>
    <message>
        <source>Bid {bid}</source>
        <translation>Miser {bid}</translation>
    </message>
    <message>
        <source>Pass (key P)</source>
        <translation>Passer (touche P)</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Passe</translation>
    </message>
    <message>
        <source>You won the bid with {contract}. Choose trump:</source>
        <translation>Vous remportez la mise avec {contract}. Choisissez l&apos;atout&#xa0;:</translation>
    </message>
    <message>
        <source>Discard these two</source>
        <translation>Écarter ces deux cartes</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>aucune pour l&apos;instant</translation>
    </message>
    <message>
        <source>You took the kitty ({kitty}). Click two cards to discard (not the 5♥ or the 3♠). Chosen: {picked}.</source>
        <translation>Vous avez pris le talon ({kitty}). Cliquez sur deux cartes à écarter (ni le 5♥ ni le 3♠). Choisies&#xa0;: {picked}.</translation>
    </message>
</context>
<context>
    <name>PanelWords</name>
    <message>
        <source>Hint</source>
        <translation>Indice</translation>
    </message>
    <message>
        <source>What would a good player do here, and why? (H)</source>
        <translation>Que ferait un bon joueur ici, et pourquoi&#xa0;? (H)</translation>
    </message>
    <message>
        <source>Change my choice</source>
        <translation>Changer mon choix</translation>
    </message>
    <message>
        <source>Take back the bid or trump you just chose (Backspace)</source>
        <translation>Reprendre la mise ou l&apos;atout que vous venez de choisir (Retour arrière)</translation>
    </message>
    <message>
        <source>{name} is deciding whether to ask for a new deal…</source>
        <translation>{name} se demande s&apos;il veut une nouvelle donne…</translation>
    </message>
    <message>
        <source>{name} is choosing a card to pass…</source>
        <translation>{name} choisit une carte à passer…</translation>
    </message>
    <message>
        <source>{name} is bidding…</source>
        <translation>{name} réfléchit à sa mise…</translation>
    </message>
    <message>
        <source>{name} is discarding two cards…</source>
        <translation>{name} écarte deux cartes…</translation>
    </message>
    <message>
        <source>{name} is naming trump…</source>
        <translation>{name} choisit l&apos;atout…</translation>
    </message>
    <message>
        <source>{name} to play…</source>
        <translation>À {name} de jouer…</translation>
    </message>
    <message>
        <source>The rest of the hand is played out…</source>
        <translation>Le reste de la donne se joue…</translation>
    </message>
    <message>
        <source>You win the trick.</source>
        <translation>Vous remportez la levée.</translation>
    </message>
    <message>
        <source>{name} wins the trick.</source>
        <translation>{name} remporte la levée.</translation>
    </message>
    <message>
        <source>Your turn: you must follow spades.</source>
        <translation>À vous&#xa0;: vous devez fournir à pique.</translation>
    </message>
    <message>
        <source>Your turn: you must follow hearts.</source>
        <translation>À vous&#xa0;: vous devez fournir à cœur.</translation>
    </message>
    <message>
        <source>Your turn: you must follow diamonds.</source>
        <translation>À vous&#xa0;: vous devez fournir à carreau.</translation>
    </message>
    <message>
        <source>Your turn: you must follow clubs.</source>
        <translation>À vous&#xa0;: vous devez fournir à trèfle.</translation>
    </message>
    <message>
        <source>Your turn: you have no spades, so play any card.</source>
        <translation>À vous&#xa0;: vous n&apos;avez pas de pique, jouez n&apos;importe quelle carte.</translation>
    </message>
    <message>
        <source>Your turn: you have no hearts, so play any card.</source>
        <translation>À vous&#xa0;: vous n&apos;avez pas de cœur, jouez n&apos;importe quelle carte.</translation>
    </message>
    <message>
        <source>Your turn: you have no diamonds, so play any card.</source>
        <translation>À vous&#xa0;: vous n&apos;avez pas de carreau, jouez n&apos;importe quelle carte.</translation>
    </message>
    <message>
        <source>Your turn: you have no clubs, so play any card.</source>
        <translation>À vous&#xa0;: vous n&apos;avez pas de trèfle, jouez n&apos;importe quelle carte.</translation>
    </message>
    <message>
        <source>You are dealing…</source>
        <translation>Vous donnez les cartes…</translation>
    </message>
    <message>
        <source>{name} is dealing…</source>
        <translation>{name} donne les cartes…</translation>
    </message>
    <message>
        <source>You pass the {card} to {partner}.</source>
        <translation>Vous passez le {card} à {partner}.</translation>
    </message>
    <message>
        <source>Choose a card to pass face down to {partner}.</source>
        <translation>Choisissez la carte à passer face cachée à {partner}.</translation>
    </message>
    <message>
        <source>Your lead: play any card you like.</source>
        <translation>À vous d&apos;ouvrir&#xa0;: jouez la carte de votre choix.</translation>
    </message>
</context>
<context>
    <name>PersonIntents</name>
    <message>
        <source>Wait for {name} to decide about a new deal.</source>
        <translation>Attendez que {name} décide s&apos;il veut une nouvelle donne.</translation>
    </message>
    <message>
        <source>Wait for {name} to pass a card.</source>
        <translation>Attendez que {name} passe une carte.</translation>
    </message>
    <message>
        <source>Wait for {name} to bid.</source>
        <translation>Attendez que {name} mise.</translation>
    </message>
    <message>
        <source>Wait for {name} to discard.</source>
        <translation>Attendez que {name} écarte ses cartes.</translation>
    </message>
    <message>
        <source>Wait for {name} to name trump.</source>
        <translation>Attendez que {name} choisisse l&apos;atout.</translation>
    </message>
    <message>
        <source>Wait for {name} to play.</source>
        <translation>Attendez que {name} joue.</translation>
    </message>
    <message>
        <source>The game is over. Choose Play again for a new game.</source>
        <translation>La partie est finie. Choisissez «&#xa0;Rejouer&#xa0;» pour une nouvelle partie.</translation>
    </message>
    <message>
        <source>Wait for the next deal.</source>
        <translation>Attendez la prochaine donne.</translation>
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
        <source>The {card} is your only card to play: it is played for you.</source>
        <translation>Le {card} est votre seule carte jouable&#xa0;: elle est jouée pour vous.</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>File</source>
        <comment>All other platforms</comment>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Disque</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Regarder dans&#xa0;:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Fichiers de &amp;type&#xa0;:</translation>
    </message>
</context>
<context>
    <name>RemoteController</name>
    <message>
        <source>The host&apos;s app is newer than yours. Please update Kaiser, then join again.</source>
        <translation>L&apos;application de l&apos;hôte est plus récente que la vôtre. Veuillez mettre Kaiser à jour, puis rejoignez la table.</translation>
    </message>
    <message>
        <source>The host&apos;s app is older than yours. Ask the host to update Kaiser, then join again.</source>
        <translation>L&apos;application de l&apos;hôte est plus ancienne que la vôtre. Demandez à l&apos;hôte de mettre Kaiser à jour, puis rejoignez la table.</translation>
    </message>
    <message>
        <source>No table has that code. Check the code with the host and type it again.</source>
        <translation>Aucune table n&apos;a ce code. Vérifiez le code avec l&apos;hôte et tapez-le de nouveau.</translation>
    </message>
    <message>
        <source>That table is closed. Ask the host for a new code.</source>
        <translation>Cette table est fermée. Demandez un nouveau code à l&apos;hôte.</translation>
    </message>
    <message>
        <source>That table is full: every seat is taken.</source>
        <translation>Cette table est complète&#xa0;: toutes les places sont prises.</translation>
    </message>
    <message>
        <source>That seat is taken. Join again to take a free seat.</source>
        <translation>Cette place est prise. Joignez-vous de nouveau pour prendre une place libre.</translation>
    </message>
    <message>
        <source>Your seat could not be given back. Ask the host, then join the table again.</source>
        <translation>Votre place n&apos;a pas pu vous être rendue. Demandez à l&apos;hôte, puis rejoignez la table de nouveau.</translation>
    </message>
    <message>
        <source>The host did not understand this app. Please update Kaiser.</source>
        <translation>L&apos;hôte n&apos;a pas compris cette application. Veuillez mettre Kaiser à jour.</translation>
    </message>
    <message>
        <source>The host did not let you sit at the table now. Ask the host, then join again.</source>
        <translation>L&apos;hôte ne vous a pas fait asseoir à la table pour le moment. Demandez à l&apos;hôte, puis rejoignez la table de nouveau.</translation>
    </message>
    <message>
        <source>{host} is being asked to let you sit at the table. Please wait.</source>
        <translation>On demande à {host} de vous laisser vous asseoir à la table. Veuillez patienter.</translation>
    </message>
    <message>
        <source>That code is not right. Check the code with the host and type it again.</source>
        <translation>Ce code n&apos;est pas le bon. Vérifiez le code avec l&apos;hôte et tapez-le de nouveau.</translation>
    </message>
    <message>
        <source>Someone tried wrong codes at this table, so the host paused the code. Ask the host to let people join again.</source>
        <translation>Quelqu&apos;un a essayé de mauvais codes à cette table, alors l&apos;hôte a mis le code en pause. Demandez à l&apos;hôte de laisser les gens se joindre de nouveau.</translation>
    </message>
    <message>
        <source>This is not the table you sat at. Ask the host for the table&apos;s code and join again.</source>
        <translation>Ce n&apos;est pas la table où vous étiez assis. Demandez le code de la table à l&apos;hôte et rejoignez-la de nouveau.</translation>
    </message>
    <message>
        <source>The table moved on before your move arrived. Look again.</source>
        <translation>La partie a avancé avant que votre coup arrive. Regardez de nouveau.</translation>
    </message>
    <message>
        <source>It is not your turn yet.</source>
        <translation>Ce n&apos;est pas encore votre tour.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>La partie est finie.</translation>
    </message>
    <message>
        <source>That move is not one the game knows.</source>
        <translation>Le jeu ne connaît pas ce coup.</translation>
    </message>
    <message>
        <source>That move does not fit this moment.</source>
        <translation>Ce coup ne convient pas à ce moment-ci.</translation>
    </message>
    <message>
        <source>You do not hold that card.</source>
        <translation>Vous n&apos;avez pas cette carte.</translation>
    </message>
    <message>
        <source>You must follow the suit that was led.</source>
        <translation>Vous devez fournir à la couleur demandée.</translation>
    </message>
    <message>
        <source>Choose two cards to discard.</source>
        <translation>Choisissez deux cartes à écarter.</translation>
    </message>
    <message>
        <source>You may not discard the five of hearts or the three of spades.</source>
        <translation>Vous ne pouvez pas écarter le cinq de cœur ni le trois de pique.</translation>
    </message>
    <message>
        <source>Name a suit: no trump is not allowed.</source>
        <translation>Nommez une couleur&#xa0;: le sans-atout n&apos;est pas permis.</translation>
    </message>
    <message>
        <source>Your bid must be higher than the last.</source>
        <translation>Votre mise doit être plus haute que la dernière.</translation>
    </message>
    <message>
        <source>That bid is not allowed here.</source>
        <translation>Cette mise n&apos;est pas permise ici.</translation>
    </message>
    <message>
        <source>As the dealer, you must bid: the others all passed.</source>
        <translation>Comme donneur, vous devez miser&#xa0;: les autres ont tous passé.</translation>
    </message>
    <message>
        <source>Nice hand!</source>
        <translation>Belle main&#x202f;!</translation>
    </message>
    <message>
        <source>One moment please.</source>
        <translation>Un moment, s&apos;il vous plaît.</translation>
    </message>
    <message>
        <source>Thank you, partner.</source>
        <translation>Merci, partenaire.</translation>
    </message>
    <message>
        <source>{host}&apos;s computer is not answering. Your seat is kept; the game goes on when {host} is back.</source>
        <translation>L&apos;ordinateur de {host} ne répond pas. Votre place est gardée&#xa0;; la partie reprend quand {host} revient.</translation>
    </message>
    <message>
        <source>Waiting for the host to start the game.</source>
        <translation>On attend que l&apos;hôte commence la partie.</translation>
    </message>
    <message>
        <source>Waiting for {host} to start the game.</source>
        <translation>On attend que {host} commence la partie.</translation>
    </message>
    <message>
        <source>{host} starts the next game.</source>
        <translation>{host} commence la prochaine partie.</translation>
    </message>
    <message>
        <source>That move is not allowed now.</source>
        <translation>Ce coup n&apos;est pas permis maintenant.</translation>
    </message>
    <message>
        <source>The connection to the table is lost. Please wait.</source>
        <translation>La connexion à la table est perdue. Veuillez patienter.</translation>
    </message>
    <message>
        <source>Wait for the next deal.</source>
        <translation>Attendez la prochaine donne.</translation>
    </message>
    <message>
        <source>{host}&apos;s computer sent something this app cannot show, so you have left the table.</source>
        <translation>L&apos;ordinateur de {host} a envoyé quelque chose que cette application ne peut pas afficher&#xa0;: vous avez donc quitté la table.</translation>
    </message>
    <message>
        <source>{host} is back: you are at the table again.</source>
        <translation>{host} est de retour&#xa0;: vous êtes de nouveau à la table.</translation>
    </message>
    <message>
        <source>The host gave you another seat at the table.</source>
        <translation>L&apos;hôte vous a donné une autre place à la table.</translation>
    </message>
    <message>
        <source>{host} closed the table. The game is saved on {host}&apos;s computer; you can continue later.</source>
        <translation>{host} a fermé la table. La partie est enregistrée sur l&apos;ordinateur de {host}&#x202f;; vous pourrez continuer plus tard.</translation>
    </message>
    <message>
        <source>{host} ended the family game.</source>
        <translation>{host} a terminé la partie en famille.</translation>
    </message>
    <message>
        <source>Your seat was taken back from another computer. This one has left the table.</source>
        <translation>Votre place a été reprise depuis un autre ordinateur. Celui-ci a quitté la table.</translation>
    </message>
    <message>
        <source>{host} ended the table.</source>
        <translation>{host} a mis fin à la table.</translation>
    </message>
    <message>
        <source>The host</source>
        <translation>L&apos;hôte</translation>
    </message>
    <message>
        <source>{name} (computer for now)</source>
        <translation>{name} (l&apos;ordinateur pour l&apos;instant)</translation>
    </message>
    <message>
        <source>{name}&apos;s connection was lost: the computer plays for {name} until {name} comes back.</source>
        <translation>La connexion de {name} a été perdue&#xa0;: l&apos;ordinateur joue pour {name} jusqu&apos;à ce que {name} revienne.</translation>
    </message>
    <message>
        <source>{name} is back at the table.</source>
        <translation>{name} est de retour à la table.</translation>
    </message>
    <message>
        <source>{name}: {said}</source>
        <translation>{name}&#xa0;: {said}</translation>
    </message>
</context>
<context>
    <name>Review</name>
    <message>
        <source>The review could not be worked out ({error}).</source>
        <translation>L&apos;analyse n&apos;a pas pu être faite ({error}).</translation>
    </message>
    <message>
        <source>There is no such hand in this game.</source>
        <translation>Il n&apos;y a pas de telle donne dans cette partie.</translation>
    </message>
    <message>
        <source>in spades</source>
        <translation>à pique</translation>
    </message>
    <message>
        <source>in hearts</source>
        <translation>à cœur</translation>
    </message>
    <message>
        <source>in diamonds</source>
        <translation>à carreau</translation>
    </message>
    <message>
        <source>in clubs</source>
        <translation>à trèfle</translation>
    </message>
    <message>
        <source>in no trump</source>
        <translation>à sans-atout</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>passe</translation>
    </message>
    <message>
        <source>Kaiser</source>
        <translation>Kaiser</translation>
    </message>
    <message>
        <source>{level} no trump</source>
        <translation>{level} sans-atout</translation>
    </message>
    <message>
        <source>These figures are worked out with all cards open: they know every hidden card, which nobody at the table did. A card is called a mistake only if a search over what you could see would also have avoided the loss; otherwise it was a reasonable guess.</source>
        <translation>Ces chiffres sont calculés cartes sur table&#xa0;: ils connaissent toutes les cartes cachées, ce que personne à la table ne savait. Une carte n&apos;est appelée une erreur que si une recherche sur ce que vous pouviez voir aurait aussi évité la perte&#xa0;; sinon, c&apos;était un choix raisonnable.</translation>
    </message>
    <message>
        <source>You made {made} {trump}; with all cards open and the best play on both sides, your side would have made only {could}: the other side&apos;s play gave you the rest.</source>
        <translation>Vous avez fait {made} {trump}&#xa0;; cartes sur table et avec le meilleur jeu des deux côtés, votre équipe n&apos;aurait fait que {could}&#xa0;: le jeu de l&apos;autre équipe vous a donné le reste.</translation>
    </message>
    <message>
        <source>You made {made} {trump}: with all cards open and the best play on both sides, that is what your side could make.</source>
        <translation>Vous avez fait {made} {trump}&#xa0;: cartes sur table et avec le meilleur jeu des deux côtés, c&apos;est ce que votre équipe pouvait faire.</translation>
    </message>
    <message>
        <source>You could have made {could} {trump}; you made {made}.</source>
        <translation>Vous auriez pu faire {could} {trump}&#xa0;; vous avez fait {made}.</translation>
    </message>
    <message>
        <source>the {card} in trick {trick}</source>
        <translation>le {card} à la levée {trick}</translation>
    </message>
    <message>
        <source>One card cost you: {cards}.</source>
        <translation>Une carte vous a coûté des points&#xa0;: {cards}.</translation>
    </message>
    <message>
        <source>%n cards cost you: {cards}.</source>
        <translation>%n cartes vous ont coûté des points&#xa0;: {cards}.</translation>
    </message>
    <message>
        <source>One card cost points, but it was a reasonable guess.</source>
        <translation>Une carte a coûté des points, mais c&apos;était un choix raisonnable.</translation>
    </message>
    <message>
        <source>%n cards cost points, but each was a reasonable guess.</source>
        <translation>%n cartes ont coûté des points, mais chacune était un choix raisonnable.</translation>
    </message>
    <message>
        <source>None of your cards cost a point.</source>
        <translation>Aucune de vos cartes n&apos;a coûté de point.</translation>
    </message>
    <message>
        <source>None of your cards cost a point; the others&apos; did.</source>
        <translation>Aucune de vos cartes n&apos;a coûté de point&#xa0;; celles des autres, oui.</translation>
    </message>
    <message>
        <source>With all cards open your side could have made {points} {trump}; you passed.</source>
        <translation>Cartes sur table, votre équipe aurait pu faire {points} {trump}&#xa0;; vous avez passé.</translation>
    </message>
    <message>
        <source>With all cards open your side could have made {points} {trump}; you bid {bid}.</source>
        <translation>Cartes sur table, votre équipe aurait pu faire {points} {trump}&#xa0;; vous avez misé {bid}.</translation>
    </message>
    <message>
        <source>From your own cards the Expert would have passed.</source>
        <translation>Avec vos cartes, l&apos;Expert aurait passé.</translation>
    </message>
    <message>
        <source>From your own cards the Expert would have bid {bid}.</source>
        <translation>Avec vos cartes, l&apos;Expert aurait misé {bid}.</translation>
    </message>
    <message>
        <source>the {card}</source>
        <translation>le {card}</translation>
    </message>
    <message>
        <source>the {first} or the {second}</source>
        <translation>le {first} ou le {second}</translation>
    </message>
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
        <source>no trump</source>
        <translation>sans-atout</translation>
    </message>
    <message>
        <source>{name} bid {bid}; trump: {trump}.</source>
        <translation>Mise de {bid} par {name}&#xa0;; atout&#xa0;: {trump}.</translation>
    </message>
    <message>
        <source>You bid {bid}; trump: {trump}.</source>
        <translation>Vous avez misé {bid}&#xa0;; atout&#xa0;: {trump}.</translation>
    </message>
    <message>
        <source>let the 5♥ go</source>
        <translation>a laissé filer le 5♥</translation>
    </message>
    <message>
        <source>took the 3♠</source>
        <translation>a pris le 3♠</translation>
    </message>
    <message>
        <source>lost the trick</source>
        <translation>a perdu la levée</translation>
    </message>
    <message>
        <source>Trick {trick}: your {card} {did}: with all cards open, {best} kept {before} points; you ended with {final}.</source>
        <translation>Levée {trick}&#xa0;: votre {card} {did}&#xa0;: cartes sur table, {best} gardait {before} points&#xa0;; vous avez fini avec {final}.</translation>
    </message>
    <message>
        <source>Trick {trick}: your {card}: with all cards open, {best} kept {before} points; you ended with {final}.</source>
        <translation>Levée {trick}&#xa0;: votre {card}&#xa0;: cartes sur table, {best} gardait {before} points&#xa0;; vous avez fini avec {final}.</translation>
    </message>
    <message>
        <source>Trick {trick}: {name} played the {card}: with all cards open, {best} kept your side at {before} points; after it, {after}.</source>
        <translation>Levée {trick}&#xa0;: {name} a joué le {card}&#xa0;: cartes sur table, {best} gardait votre équipe à {before} points&#xa0;; après, {after}.</translation>
    </message>
    <message>
        <source>From what you could see, the Expert&apos;s search would have played the {card}.</source>
        <translation>D&apos;après ce que vous pouviez voir, la recherche de l&apos;Expert aurait joué le {card}.</translation>
    </message>
    <message>
        <source>From what you could see it was a reasonable guess.</source>
        <translation>D&apos;après ce que vous pouviez voir, c&apos;était un choix raisonnable.</translation>
    </message>
    <message>
        <source>Trick {trick}: your {card}. With all cards open your side could make {after} points, as before it.</source>
        <translation>Levée {trick}&#xa0;: votre {card}. Cartes sur table, votre équipe pouvait faire {after} points, comme avant.</translation>
    </message>
    <message>
        <source>Trick {trick}: {name} played the {card}. With all cards open your side could make {before} points before it and {after} after it.</source>
        <translation>Levée {trick}&#xa0;: {name} a joué le {card}. Cartes sur table, votre équipe pouvait faire {before} points avant et {after} après.</translation>
    </message>
    <message>
        <source>Working out the hand with all cards open… {percent}%</source>
        <translation>Calcul de la donne cartes sur table… {percent}&#xa0;%</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>Review of hand {number}</source>
        <translation>Analyse de la donne {number}</translation>
    </message>
    <message>
        <source>Show everyone&apos;s costly cards</source>
        <translation>Montrer les cartes coûteuses de tout le monde</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>◀◀ Trick</source>
        <translation>◀◀ Levée</translation>
    </message>
    <message>
        <source>◀ Card</source>
        <translation>◀ Carte</translation>
    </message>
    <message>
        <source>Card ▶</source>
        <translation>Carte ▶</translation>
    </message>
    <message>
        <source>Trick ▶▶</source>
        <translation>Levée ▶▶</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Fin</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Tricks:</source>
        <translation>Levées&#xa0;:</translation>
    </message>
    <message>
        <source>This hand cannot be reviewed.</source>
        <translation>Cette donne ne peut pas être analysée.</translation>
    </message>
    <message>
        <source>Before the first card.</source>
        <translation>Avant la première carte.</translation>
    </message>
    <message>
        <source>With all cards open your side could make {points} points.</source>
        <translation>Cartes sur table, votre équipe pouvait faire {points} points.</translation>
    </message>
    <message>
        <source>Trick {number}:</source>
        <translation>Levée {number}&#xa0;:</translation>
    </message>
    <message>
        <source>{name} won the trick.</source>
        <translation>{name} a remporté la levée.</translation>
    </message>
    <message>
        <source>You won the trick.</source>
        <translation>Vous avez remporté la levée.</translation>
    </message>
    <message>
        <source>Card {step} of {total}</source>
        <translation>Carte {step} sur {total}</translation>
    </message>
    <message>
        <source>Where points were lost:</source>
        <translation>Où des points ont été perdus&#xa0;:</translation>
    </message>
    <message>
        <source>Reasonable guesses (they cost points only with all cards open):</source>
        <translation>Choix raisonnables (ils ne coûtent des points que cartes sur table)&#xa0;:</translation>
    </message>
    <message>
        <source>No card of your side cost a point.</source>
        <translation>Aucune carte de votre équipe n&apos;a coûté de point.</translation>
    </message>
    <message>
        <source>Trick {number}</source>
        <translation>Levée {number}</translation>
    </message>
</context>
<context>
    <name>RulesEditor</name>
    <message>
        <source>Lowest bid:</source>
        <translation>Mise minimale&#xa0;:</translation>
    </message>
    <message>
        <source>The dealer must bid</source>
        <translation>Le donneur doit miser</translation>
    </message>
    <message>
        <source>Throw the hand in</source>
        <translation>La donne est annulée</translation>
    </message>
    <message>
        <source>If everyone passes:</source>
        <translation>Si tout le monde passe&#xa0;:</translation>
    </message>
    <message>
        <source>Once around the table</source>
        <translation>Un seul tour de table</translation>
    </message>
    <message>
        <source>Round and round, until three pass in a row</source>
        <translation>Tour après tour, jusqu&apos;à trois passes de suite</translation>
    </message>
    <message>
        <source>Bidding goes:</source>
        <translation>Les mises se font&#xa0;:</translation>
    </message>
    <message>
        <source>Chosen by chance</source>
        <translation>Tiré au hasard</translation>
    </message>
    <message>
        <source>The first to get a jack, dealt face up</source>
        <translation>Le premier qui reçoit un valet (cartes distribuées face visible)</translation>
    </message>
    <message>
        <source>The first dealer is:</source>
        <translation>Le premier donneur est&#xa0;:</translation>
    </message>
    <message>
        <source>Defenders stop scoring at:</source>
        <translation>Les défenseurs cessent de marquer à&#xa0;:</translation>
    </message>
    <message>
        <source>Points to win:</source>
        <translation>Points pour gagner&#xa0;:</translation>
    </message>
    <message>
        <source>Allow a redeal for a hand with no ace, face card, 5♥ or 3♠</source>
        <translation>Permettre une nouvelle donne pour un jeu sans as, sans figure, sans 5♥ ni 3♠</translation>
    </message>
    <message>
        <source>Defenders at the limit who capture the 5♥ win at once</source>
        <translation>Les défenseurs à la limite qui prennent le 5♥ gagnent aussitôt</translation>
    </message>
    <message>
        <source>Win only by bidding: the defenders&apos; points cannot take them to the winning total</source>
        <translation>Gagner seulement en misant&#xa0;: les points des défenseurs ne peuvent pas les mener au total gagnant</translation>
    </message>
    <message>
        <source>Three-trick rule: a team with fewer than 3 tricks gets nothing for the 5♥,
and scores −3 for the hand if it took the 3♠</source>
        <translation>Règle des trois levées&#xa0;: une équipe qui a moins de 3 levées n&apos;obtient rien pour le 5♥,
et marque −3 pour la donne si elle a pris le 3♠</translation>
    </message>
    <message>
        <source>Allow the Kaiser bid (win all 8 tricks alone, ±40)</source>
        <translation>Permettre la mise Kaiser (remporter seul les 8 levées, ±40)</translation>
    </message>
    <message>
        <source>A team at −52 or below loses</source>
        <translation>Une équipe à −52 ou moins perd</translation>
    </message>
    <message>
        <source>Pass one card to your partner before bidding</source>
        <translation>Passer une carte à son partenaire avant de miser</translation>
    </message>
    <message>
        <source>Kitty: 34 cards, two to the bidder</source>
        <translation>Talon&#xa0;: 34 cartes, deux pour le preneur</translation>
    </message>
</context>
<context>
    <name>SayMenu</name>
    <message>
        <source>&amp;Say</source>
        <translation>&amp;Dire</translation>
    </message>
</context>
<context>
    <name>ScoreSheet</name>
    <message>
        <source>✓ Made</source>
        <translation>✓ Réussi</translation>
    </message>
    <message>
        <source>✗ Failed</source>
        <translation>✗ Raté</translation>
    </message>
    <message>
        <source>Us (N–S)</source>
        <translation>Nous (N–S)</translation>
    </message>
    <message>
        <source>Them (E–W)</source>
        <translation>Eux (E–O)</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Donne</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Donneur</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>Contrat</translation>
    </message>
    <message>
        <source>Declarer</source>
        <translation>Preneur</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Tricks taken, plus 5 for the 5♥, minus 3 for the 3♠.</source>
        <translation>Levées prises, plus 5 pour le 5♥, moins 3 pour le 3♠.</translation>
    </message>
    <message>
        <source>What the hand scored after the bid was counted.</source>
        <translation>Ce que la donne a rapporté, la mise une fois comptée.</translation>
    </message>
    <message>
        <source>The running score.</source>
        <translation>Le pointage cumulé.</translation>
    </message>
    <message>
        <source>Redeal ({name})</source>
        <translation>Redonne ({name})</translation>
    </message>
    <message>
        <source>Thrown in</source>
        <translation>Annulée</translation>
    </message>
    <message>
        <source>{bid} no trump</source>
        <translation>{bid} sans-atout</translation>
    </message>
    <message>
        <source>Deal number {number}.</source>
        <translation>Numéro de donne {number}.</translation>
    </message>
    <message>
        <source>{name} bid {contract}.</source>
        <translation>Mise de {contract} par {name}.</translation>
    </message>
    <message>
        <source>You bid {contract}.</source>
        <translation>Vous avez misé {contract}.</translation>
    </message>
    <message>
        <source>In tricks</source>
        <translation>En levées</translation>
    </message>
    <message>
        <source>Tricks: {us} {our_tricks}, {them} {their_tricks}.</source>
        <translation>Levées&#xa0;: {us} {our_tricks}, {them} {their_tricks}.</translation>
    </message>
    <message>
        <source>5♥ (+5) taken by {team}.</source>
        <translation>5♥ (+5) pris par {team}.</translation>
    </message>
    <message>
        <source>3♠ ({minus}3) taken by {team}.</source>
        <translation>3♠ ({minus}3) pris par {team}.</translation>
    </message>
    <message>
        <source>{team} made the contract and scored {points}; </source>
        <translation>Contrat réussi par {team}, qui marque {points}&#xa0;; </translation>
    </message>
    <message>
        <source>{team} failed the contract and scored {points}; </source>
        <translation>Contrat raté par {team}, qui marque {points}&#xa0;; </translation>
    </message>
    <message>
        <source>{team} scored {points}.</source>
        <translation>{team}&#xa0;: {points}.</translation>
    </message>
    <message>
        <source>Review this hand</source>
        <translation>Analyser cette donne</translation>
    </message>
</context>
<context>
    <name>ScoreSheetDock</name>
    <message>
        <source>Score sheet</source>
        <translation>Feuille de pointage</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Close the score sheet</source>
        <translation>Fermer la feuille de pointage</translation>
    </message>
</context>
<context>
    <name>Seating</name>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>{name} (partner)</source>
        <translation>{name} (partenaire)</translation>
    </message>
    <message>
        <source>West: {name}</source>
        <translation>Ouest&#xa0;: {name}</translation>
    </message>
    <message>
        <source>East: {name}</source>
        <translation>Est&#xa0;: {name}</translation>
    </message>
    <message>
        <source>West</source>
        <translation>Ouest</translation>
    </message>
    <message>
        <source>East</source>
        <translation>Est</translation>
    </message>
    <message>
        <source>{name} (computer for now)</source>
        <translation>{name} (l&apos;ordinateur pour l&apos;instant)</translation>
    </message>
    <message>
        <source>You and {partner}</source>
        <translation>Vous et {partner}</translation>
    </message>
    <message>
        <source>West and East</source>
        <translation>Ouest et Est</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Standard</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>The usual game: bids start at 6, first team to 52 wins.</source>
        <translation>La partie habituelle&#xa0;: les mises commencent à 6, la première équipe à 52 gagne.</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>Tournoi</translation>
    </message>
    <message>
        <source>Like standard, but the lowest bid is 7.</source>
        <translation>Comme la partie standard, mais la mise minimale est 7.</translation>
    </message>
    <message>
        <source>Bid-out at 47</source>
        <translation>Gagner en misant (47)</translation>
    </message>
    <message>
        <source>Won only by bidding: defenders stop scoring at 47 and cannot score their way to 52. A team at −52 or below loses.</source>
        <translation>On ne gagne qu&apos;en misant&#xa0;: les défenseurs cessent de marquer à 47 et ne peuvent pas atteindre 52 ainsi. Une équipe à −52 ou moins perd.</translation>
    </message>
    <message>
        <source>Round-the-table bidding</source>
        <translation>Mises en plusieurs tours</translation>
    </message>
    <message>
        <source>Bids start at 6 and go round and round until three pass in a row; the first to get a jack deals first.</source>
        <translation>Les mises commencent à 6 et font le tour de la table encore et encore, jusqu&apos;à trois passes de suite&#xa0;; le premier qui reçoit un valet donne en premier.</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Sur mesure</translation>
    </message>
    <message>
        <source>Choose each rule yourself below.</source>
        <translation>Choisissez vous-même chaque règle ci-dessous.</translation>
    </message>
    <message>
        <source>Basic</source>
        <translation>Facile</translation>
    </message>
    <message>
        <source>Plays simply. Good for learning the game.</source>
        <translation>Joue simplement. Bien pour apprendre le jeu.</translation>
    </message>
    <message>
        <source>Standard</source>
        <comment>computer level</comment>
        <translation>Moyen</translation>
    </message>
    <message>
        <source>Plays like a careful club player.</source>
        <translation>Joue comme un joueur de club prudent.</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>Expert</translation>
    </message>
    <message>
        <source>Counts cards and plans ahead. A real challenge.</source>
        <translation>Compte les cartes et prévoit la suite. Un vrai défi.</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Lent</translation>
    </message>
    <message>
        <source>Normal</source>
        <comment>speed</comment>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Rapide</translation>
    </message>
    <message>
        <source>Normal</source>
        <comment>text size</comment>
        <translation>Normale</translation>
    </message>
    <message>
        <source>Large</source>
        <translation>Grande</translation>
    </message>
    <message>
        <source>Extra large</source>
        <translation>Très grande</translation>
    </message>
    <message>
        <source>You (South)</source>
        <translation>Vous (Sud)</translation>
    </message>
    <message>
        <source>Your partner (North)</source>
        <translation>Votre partenaire (Nord)</translation>
    </message>
    <message>
        <source>Opponent on your left (West)</source>
        <translation>Adversaire à votre gauche (Ouest)</translation>
    </message>
    <message>
        <source>Opponent on your right (East)</source>
        <translation>Adversaire à votre droite (Est)</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Vert</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Bleu</translation>
    </message>
    <message>
        <source>Burgundy</source>
        <translation>Bourgogne</translation>
    </message>
    <message>
        <source>Brown</source>
        <translation>Brun</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>Gris</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>Rouge</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Rule changes apply from the next new game; the game in progress keeps its rules.</source>
        <translation>Les changements de règles s&apos;appliquent à la prochaine nouvelle partie&#xa0;; la partie en cours garde ses règles.</translation>
    </message>
    <message>
        <source>The rules</source>
        <translation>Les règles</translation>
    </message>
    <message>
        <source>How well the computer plays</source>
        <translation>Le niveau de l&apos;ordinateur</translation>
    </message>
    <message>
        <source>Names at the table</source>
        <translation>Les noms à la table</translation>
    </message>
    <message>
        <source>{seat}:</source>
        <translation>{seat}&#xa0;:</translation>
    </message>
    <message>
        <source>Family in other houses</source>
        <translation>La famille dans d&apos;autres maisons</translation>
    </message>
    <message>
        <source>Family in other houses meet at a relay. When this app came with one, nothing is needed here; otherwise everyone puts the same relay address here once (it starts with ws:// or wss://). On one home network no address is needed.</source>
        <translation>La famille dans d&apos;autres maisons se retrouve à un relais. Si cette application en a un, rien n&apos;est à faire ici&#x202f;; sinon, chacun inscrit ici une fois la même adresse de relais (elle commence par ws:// ou wss://). Sur un même réseau de la maison, aucune adresse n&apos;est nécessaire.</translation>
    </message>
    <message>
        <source>Relay address</source>
        <translation>Adresse du relais</translation>
    </message>
    <message>
        <source>Language / Langue:</source>
        <translation>Langue / Language&#xa0;:</translation>
    </message>
    <message>
        <source>Card movement:</source>
        <translation>Mouvement des cartes&#xa0;:</translation>
    </message>
    <message>
        <source>Text and card size:</source>
        <translation>Taille du texte et des cartes&#xa0;:</translation>
    </message>
    <message>
        <source>Table colour:</source>
        <translation>Couleur de la table&#xa0;:</translation>
    </message>
    <message>
        <source>Back of the cards:</source>
        <translation>Dos des cartes&#xa0;:</translation>
    </message>
    <message>
        <source>When only one card can be played, play it for me</source>
        <translation>Quand une seule carte peut être jouée, la jouer pour moi</translation>
    </message>
    <message>
        <source>Wait for my click after each trick</source>
        <translation>Attendre mon clic après chaque levée</translation>
    </message>
    <message>
        <source>Jumbo cards (bigger letters, easier to read)</source>
        <translation>Cartes géantes (lettres plus grandes, plus faciles à lire)</translation>
    </message>
    <message>
        <source>Four-colour deck: every suit its own colour (♦ blue, ♣ green)</source>
        <translation>Jeu à quatre couleurs&#xa0;: chaque sorte a sa couleur (♦ bleu, ♣ vert)</translation>
    </message>
    <message>
        <source>High-contrast table (black and white, the clearest text)</source>
        <translation>Table à contraste élevé (noir et blanc, le texte le plus net)</translation>
    </message>
    <message>
        <source>Sounds</source>
        <translation>Sons</translation>
    </message>
    <message>
        <source>Play sounds (cards, tricks, the end of each hand)</source>
        <translation>Jouer les sons (cartes, levées, fin de chaque donne)</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Volume</translation>
    </message>
    <message>
        <source>Quiet</source>
        <translation>Doux</translation>
    </message>
    <message>
        <source>Loud</source>
        <translation>Fort</translation>
    </message>
    <message>
        <source>Volume:</source>
        <translation>Volume&#xa0;:</translation>
    </message>
    <message>
        <source>Your rules</source>
        <translation>Vos règles</translation>
    </message>
    <message>
        <source>The rules of “{preset}”</source>
        <translation>Les règles «&#xa0;{preset}&#xa0;»</translation>
    </message>
    <message>
        <source>Using the relay chosen for this app: {address}</source>
        <translation>Relais choisi pour cette application&#xa0;: {address}</translation>
    </message>
    <message>
        <source>That is not a relay address. A relay address starts with ws:// or wss://, like wss://relay.example.org or ws://192.168.1.20:8765. Ask whoever runs the relay for it.</source>
        <translation>Ce n&apos;est pas une adresse de relais. Une adresse de relais commence par ws:// ou wss://, comme wss://relay.example.org ou ws://192.168.1.20:8765. Demandez-la à la personne qui s&apos;occupe du relais.</translation>
    </message>
</context>
<context>
    <name>SouthHand</name>
    <message>
        <source>You may not discard the 5♥ or the 3♠.</source>
        <translation>Vous ne pouvez pas écarter le 5♥ ni le 3♠.</translation>
    </message>
</context>
<context>
    <name>StartTrouble</name>
    <message>
        <source>Your saved game</source>
        <translation>Votre partie enregistrée</translation>
    </message>
    <message>
        <source>Kaiser closed by accident the last time it opened your game. What would you like to do?</source>
        <translation>Kaiser s&apos;est fermé par accident la dernière fois qu&apos;il a ouvert votre partie. Que voulez-vous faire&#x202f;?</translation>
    </message>
    <message>
        <source>Carry on from the start of this hand</source>
        <translation>Reprendre au début de cette donne</translation>
    </message>
    <message>
        <source>Start a new game</source>
        <translation>Commencer une nouvelle partie</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Essayer de nouveau</translation>
    </message>
</context>
<context>
    <name>Statistics</name>
    <message>
        <source>Your game statistics were damaged, so they start again from zero (the old file was kept as {file}).</source>
        <translation>Vos statistiques de jeu étaient endommagées&#xa0;: elles repartent de zéro (l&apos;ancien fichier a été gardé sous le nom {file}).</translation>
    </message>
    <message>
        <source>Your game statistics were damaged, so they start again from zero.</source>
        <translation>Vos statistiques de jeu étaient endommagées&#xa0;: elles repartent de zéro.</translation>
    </message>
</context>
<context>
    <name>StatisticsDialog</name>
    <message>
        <source>none yet</source>
        <translation>aucune pour l&apos;instant</translation>
    </message>
    <message>
        <source>{part} of {whole} ({percent}%)</source>
        <translation>{part} sur {whole} ({percent}&#xa0;%)</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistiques</translation>
    </message>
    <message>
        <source>Your games (you and your partner)</source>
        <translation>Vos parties (vous et votre partenaire)</translation>
    </message>
    <message>
        <source>Games won:</source>
        <translation>Parties gagnées&#xa0;:</translation>
    </message>
    <message>
        <source>Contracts made:</source>
        <translation>Contrats réussis&#xa0;:</translation>
    </message>
    <message>
        <source>Average points per hand:</source>
        <translation>Moyenne de points par donne&#xa0;:</translation>
    </message>
    <message>
        <source>Best comeback:</source>
        <translation>Meilleure remontée&#xa0;:</translation>
    </message>
    <message>
        <source>Practice games (undo was used)</source>
        <translation>Parties d&apos;entraînement (avec un coup annulé)</translation>
    </message>
    <message>
        <source>Won:</source>
        <translation>Gagnées&#xa0;:</translation>
    </message>
    <message>
        <source>A game in which you used Undo counts as practice and is kept apart.</source>
        <translation>Une partie où vous avez annulé un coup compte comme entraînement et est gardée à part.</translation>
    </message>
    <message>
        <source>Reset statistics…</source>
        <translation>Remettre à zéro…</translation>
    </message>
    <message numerus="yes">
        <source>won after being %n point(s) behind</source>
        <translation>
            <numerusform>gagnée après avoir eu %n point de retard</numerusform>
            <numerusform>gagnée après avoir eu %n points de retard</numerusform>
        </translation>
    </message>
    <message>
        <source>Reset statistics</source>
        <translation>Remettre les statistiques à zéro</translation>
    </message>
    <message>
        <source>Clear all your statistics and start counting again from zero?</source>
        <translation>Effacer toutes vos statistiques et recommencer à compter à partir de zéro&#xa0;?</translation>
    </message>
</context>
<context>
    <name>Storage</name>
    <message>
        <source>The game could not be saved because {reason}.</source>
        <translation>La partie n&apos;a pas pu être enregistrée parce que {reason}.</translation>
    </message>
    <message>
        <source>Your saved game {problem}, so a new game will start ({where}).</source>
        <translation>Votre partie enregistrée {problem}&#xa0;; une nouvelle partie va commencer ({where}).</translation>
    </message>
    <message>
        <source>Your saved game had a move in it that breaks the rules, so the game goes on from just before that move ({where}).</source>
        <translation>Votre partie enregistrée contenait un coup qui enfreint les règles&#xa0;; la partie reprend juste avant ce coup ({where}).</translation>
    </message>
    <message>
        <source>The finished game could not be filed away because {reason}.</source>
        <translation>La partie terminée n&apos;a pas pu être rangée parce que {reason}.</translation>
    </message>
    <message>
        <source>There is nothing to save yet: no cards have been dealt.</source>
        <translation>Il n&apos;y a rien à enregistrer pour l&apos;instant&#xa0;: aucune carte n&apos;a été distribuée.</translation>
    </message>
    <message>
        <source>The game could not be saved as “{file}” because {reason}.</source>
        <translation>La partie n&apos;a pas pu être enregistrée sous «&#xa0;{file}&#xa0;» parce que {reason}.</translation>
    </message>
    <message>
        <source>The file “{file}” could not be found.</source>
        <translation>Le fichier «&#xa0;{file}&#xa0;» est introuvable.</translation>
    </message>
    <message>
        <source>is far too large to be a Kaiser game and could not be opened</source>
        <translation>est beaucoup trop grosse pour être une partie de Kaiser et n&apos;a pas pu être ouverte</translation>
    </message>
    <message>
        <source>could not be read because {reason}</source>
        <translation>n&apos;a pas pu être lue parce que {reason}</translation>
    </message>
    <message>
        <source>was empty and could not be opened</source>
        <translation>était vide et n&apos;a pas pu être ouverte</translation>
    </message>
    <message>
        <source>is damaged and could not be opened</source>
        <translation>est endommagée et n&apos;a pas pu être ouverte</translation>
    </message>
    <message>
        <source>is not a Kaiser game and could not be opened</source>
        <translation>n&apos;est pas une partie de Kaiser et n&apos;a pas pu être ouverte</translation>
    </message>
    <message>
        <source>is damaged (a move in it breaks the rules) and could not be opened</source>
        <translation>est endommagée (un de ses coups enfreint les règles) et n&apos;a pas pu être ouverte</translation>
    </message>
    <message>
        <source>The file “{file}” is far too large to be a Kaiser game.</source>
        <translation>Le fichier «&#xa0;{file}&#xa0;» est beaucoup trop gros pour être une partie de Kaiser.</translation>
    </message>
    <message>
        <source>The file “{file}” could not be read because {reason}.</source>
        <translation>Le fichier «&#xa0;{file}&#xa0;» n&apos;a pas pu être lu parce que {reason}.</translation>
    </message>
    <message>
        <source>The file “{file}” is empty.</source>
        <translation>Le fichier «&#xa0;{file}&#xa0;» est vide.</translation>
    </message>
    <message>
        <source>The file “{file}” is damaged and could not be opened.</source>
        <translation>Le fichier «&#xa0;{file}&#xa0;» est endommagé et n&apos;a pas pu être ouvert.</translation>
    </message>
    <message>
        <source>The file “{file}” is not a Kaiser game.</source>
        <translation>Le fichier «&#xa0;{file}&#xa0;» n&apos;est pas une partie de Kaiser.</translation>
    </message>
    <message>
        <source>The file “{file}” is damaged: a move in it breaks the rules.</source>
        <translation>Le fichier «&#xa0;{file}&#xa0;» est endommagé&#xa0;: un de ses coups enfreint les règles.</translation>
    </message>
    <message>
        <source>the old file was kept as {file}</source>
        <translation>l&apos;ancien fichier a été gardé sous le nom {file}</translation>
    </message>
    <message>
        <source>the old file is still at {path}</source>
        <translation>l&apos;ancien fichier est toujours à {path}</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>le disque est plein</translation>
    </message>
    <message>
        <source>the computer did not allow it</source>
        <translation>l&apos;ordinateur ne l&apos;a pas permis</translation>
    </message>
    <message>
        <source>the disk cannot be written to</source>
        <translation>on ne peut pas écrire sur le disque</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>le dossier n&apos;existe pas</translation>
    </message>
    <message>
        <source>that is a folder, not a file</source>
        <translation>c&apos;est un dossier, pas un fichier</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation>le nom du fichier est trop long</translation>
    </message>
    <message>
        <source>the computer reported a problem with the disk</source>
        <translation>l&apos;ordinateur a signalé un problème de disque</translation>
    </message>
    <message>
        <source>A new game starts, and the game you were playing is not lost: {where}.</source>
        <translation>Une nouvelle partie commence, et celle que vous jouiez n&apos;est pas perdue&#xa0;: {where}.</translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <source>Next hand</source>
        <translation>Donne suivante</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Rejouer</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistiques</translation>
    </message>
    <message>
        <source>Review this hand</source>
        <translation>Analyser cette donne</translation>
    </message>
    <message>
        <source>A new deal</source>
        <translation>Nouvelle donne</translation>
    </message>
    <message>
        <source>Nobody bid</source>
        <translation>Personne n&apos;a misé</translation>
    </message>
    <message>
        <source>Hand {number} is over</source>
        <translation>La donne {number} est terminée</translation>
    </message>
    <message>
        <source>The last hand:</source>
        <translation>La dernière donne&#xa0;:</translation>
    </message>
</context>
<context>
    <name>TableAccess</name>
    <message>
        <source>{card}, playable</source>
        <translation>{card}, jouable</translation>
    </message>
    <message>
        <source>{card}, can be passed to your partner</source>
        <translation>{card}, peut être passée à votre partenaire</translation>
    </message>
    <message>
        <source>{card}, can be discarded</source>
        <translation>{card}, peut être écartée</translation>
    </message>
    <message>
        <source>{card}, chosen to discard</source>
        <translation>{card}, choisie pour l&apos;écart</translation>
    </message>
    <message>
        <source>{card}, cannot be played now</source>
        <translation>{card}, ne peut pas être jouée maintenant</translation>
    </message>
    <message>
        <source>Press Enter to play this card. Left and right arrows move between cards.</source>
        <translation>Appuyez sur Entrée pour jouer cette carte. Les flèches gauche et droite passent d&apos;une carte à l&apos;autre.</translation>
    </message>
    <message>
        <source>Press Enter to pass this card. Left and right arrows move between cards.</source>
        <translation>Appuyez sur Entrée pour passer cette carte. Les flèches gauche et droite passent d&apos;une carte à l&apos;autre.</translation>
    </message>
    <message>
        <source>Press Enter to choose or unchoose this card for the discard.</source>
        <translation>Appuyez sur Entrée pour choisir ou reprendre cette carte pour l&apos;écart.</translation>
    </message>
    <message>
        <source>Left and right arrows move between the cards you may play.</source>
        <translation>Les flèches gauche et droite passent d&apos;une carte jouable à l&apos;autre.</translation>
    </message>
    <message>
        <source>Your hand</source>
        <translation>Votre jeu</translation>
    </message>
    <message>
        <source>{card}, played by you</source>
        <translation>{card}, jouée par vous</translation>
    </message>
    <message>
        <source>{card}, played by {player}</source>
        <translation>{card}, jouée par {player}</translation>
    </message>
    <message>
        <source>The table is empty: no card played in this trick yet.</source>
        <translation>La table est vide&#xa0;: aucune carte jouée dans cette levée pour l&apos;instant.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>&#xa0;; </translation>
    </message>
    <message>
        <source>On the table: {cards}.</source>
        <translation>Sur la table&#xa0;: {cards}.</translation>
    </message>
    <message>
        <source>It is your turn.</source>
        <translation>C&apos;est à vous.</translation>
    </message>
    <message>
        <source>Nobody is playing just now.</source>
        <translation>Personne ne joue en ce moment.</translation>
    </message>
    <message>
        <source>It is {player}&apos;s turn.</source>
        <translation>C&apos;est au tour de {player}.</translation>
    </message>
    <message>
        <source>{player}, dealer</source>
        <translation>{player}, donneur</translation>
    </message>
    <message>
        <source>{player}, playing now</source>
        <translation>{player}, c&apos;est son tour</translation>
    </message>
    <message>
        <source>{player}: {said}</source>
        <translation>{player}&#xa0;: {said}</translation>
    </message>
    <message>
        <source>{label}: {value}</source>
        <translation>{label}&#xa0;: {value}</translation>
    </message>
    <message>
        <source>{team} won {count}</source>
        <translation>{team}&#xa0;: {count}</translation>
    </message>
    <message>
        <source>You play {card}.</source>
        <translation>Vous jouez {card}.</translation>
    </message>
    <message>
        <source>{player} plays {card}.</source>
        <translation>{player} joue {card}.</translation>
    </message>
    <message>
        <source>You pass.</source>
        <translation>Vous passez.</translation>
    </message>
    <message>
        <source>{player} passes.</source>
        <translation>{player} passe.</translation>
    </message>
    <message>
        <source>You bid {bid}.</source>
        <translation>Vous misez {bid}.</translation>
    </message>
    <message>
        <source>{player} bids {bid}.</source>
        <translation>{player} mise {bid}.</translation>
    </message>
    <message>
        <source>{player} names trump: {trump}.</source>
        <translation>{player} choisit l&apos;atout&#xa0;: {trump}.</translation>
    </message>
    <message>
        <source>Left and right arrows choose one of your cards, Enter plays it. Tab goes to the bid and trump buttons; P passes.</source>
        <translation>Les flèches gauche et droite choisissent une de vos cartes, Entrée la joue. Tab va aux boutons des mises et de l&apos;atout&#xa0;; P passe.</translation>
    </message>
    <message>
        <source>You name trump: {trump}.</source>
        <translation>Vous choisissez l&apos;atout&#xa0;: {trump}.</translation>
    </message>
    <message>
        <source>You win the trick.</source>
        <translation>Vous remportez la levée.</translation>
    </message>
    <message>
        <source>{player} wins the trick.</source>
        <translation>{player} remporte la levée.</translation>
    </message>
    <message>
        <source>Card table</source>
        <translation>Table de jeu</translation>
    </message>
    <message>
        <source>What is on the table</source>
        <translation>Ce qu&apos;il y a sur la table</translation>
    </message>
    <message>
        <source>Latest</source>
        <translation>Dernières nouvelles</translation>
    </message>
</context>
<context>
    <name>TableBoard</name>
    <message>
        <source>Trump</source>
        <translation>Atout</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>Contrat</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Donneur</translation>
    </message>
    <message>
        <source>not named yet</source>
        <translation>pas encore choisi</translation>
    </message>
    <message>
        <source>{bid} by you</source>
        <translation>{bid} par vous</translation>
    </message>
    <message>
        <source>{bid} by {name}</source>
        <translation>{bid} par {name}</translation>
    </message>
    <message>
        <source>bidding…</source>
        <translation>mises en cours…</translation>
    </message>
    <message>
        <source>the first jack deals</source>
        <translation>le premier valet donne</translation>
    </message>
    <message>
        <source>{name} (hand {number})</source>
        <translation>{name} (donne {number})</translation>
    </message>
    <message>
        <source>{score} of {target}</source>
        <translation>{score} sur {target}</translation>
    </message>
    <message>
        <source>New deal!</source>
        <translation>Nouvelle donne&#xa0;!</translation>
    </message>
    <message>
        <source>Keeps hand</source>
        <translation>Garde son jeu</translation>
    </message>
</context>
<context>
    <name>TableCodeDialog</name>
    <message>
        <source>Table code</source>
        <translation>Code de la table</translation>
    </message>
    <message>
        <source>Your table code:</source>
        <translation>Le code de votre table&#xa0;:</translation>
    </message>
    <message>
        <source>Read the code to your family. On their computer they choose Game → Play with family… → Join a table, and type it.</source>
        <translation>Lisez le code à votre famille. Sur leur ordinateur, ils choisissent Partie → Jouer en famille… → Rejoindre une table, et le tapent.</translation>
    </message>
    <message>
        <source>Copy the code</source>
        <translation>Copier le code</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Your table code: {code}</source>
        <translation>Le code de votre table&#xa0;: {code}</translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message numerus="yes">
        <source>%n trick(s)</source>
        <translation>
            <numerusform>%n levée</numerusform>
            <numerusform>%n levées</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableView</name>
    <message>
        <source>Last trick</source>
        <translation>Dernière levée</translation>
    </message>
    <message>
        <source>Look at the last trick again (Ctrl+L)</source>
        <translation>Revoir la dernière levée (Ctrl+L)</translation>
    </message>
</context>
<context>
    <name>WelcomeDialog</name>
    <message>
        <source>Welcome to Kaiser</source>
        <translation>Bienvenue au Kaiser</translation>
    </message>
    <message>
        <source>Kaiser is played by four people in two teams. You play with a partner, sitting opposite you, against the two others; the computer plays the other three seats. Choose below, then start. You can change all of this later under Game → Settings.</source>
        <translation>Le Kaiser se joue à quatre, en deux équipes. Vous jouez avec un partenaire assis en face de vous, contre les deux autres&#xa0;; l&apos;ordinateur joue les trois autres places. Faites vos choix ci-dessous, puis commencez. Vous pourrez tout changer plus tard dans Partie → Paramètres.</translation>
    </message>
    <message>
        <source>Your game in progress carries on. New rules and a new computer level apply from your next new game.</source>
        <translation>Votre partie en cours continue. De nouvelles règles et un nouveau niveau de l&apos;ordinateur s&apos;appliquent à votre prochaine nouvelle partie.</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Votre nom</translation>
    </message>
    <message>
        <source>Your partner</source>
        <translation>Votre partenaire</translation>
    </message>
    <message>
        <source>Type your name</source>
        <translation>Tapez votre nom</translation>
    </message>
    <message>
        <source>How strong should the computer players be?</source>
        <translation>Quelle force pour les joueurs de l&apos;ordinateur&#xa0;?</translation>
    </message>
    <message>
        <source>Which rules does your table play?</source>
        <translation>Quelles règles suit votre table&#xa0;?</translation>
    </message>
    <message>
        <source>Text and card size</source>
        <translation>Taille du texte et des cartes</translation>
    </message>
    <message>
        <source>How to play…</source>
        <translation>Comment jouer…</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Start playing</source>
        <translation>Commencer à jouer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>WindowFamily</name>
    <message>
        <source>&amp;Leave the table…</source>
        <translation>Quitter la &amp;table…</translation>
    </message>
    <message>
        <source>Leave the table</source>
        <translation>Quitter la table</translation>
    </message>
    <message>
        <source>Leave the family table? A computer will play your seat.</source>
        <translation>Quitter la table en famille&#x202f;? Un ordinateur jouera à votre place.</translation>
    </message>
    <message>
        <source>{name}: {said}</source>
        <translation>{name}&#xa0;: {said}</translation>
    </message>
    <message>
        <source>Family table</source>
        <translation>Table en famille</translation>
    </message>
</context>
<context>
    <name>WindowGames</name>
    <message>
        <source>Statistics</source>
        <translation>Statistiques</translation>
    </message>
    <message>
        <source>Your saved game</source>
        <translation>Votre partie enregistrée</translation>
    </message>
    <message>
        <source>Start a new game? The game you are playing now will end.</source>
        <translation>Commencer une nouvelle partie&#xa0;? La partie que vous jouez maintenant prendra fin.</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Nouvelle partie</translation>
    </message>
    <message>
        <source>Play this deal as a new game? The game you are playing now will end.</source>
        <translation>Jouer cette donne comme une nouvelle partie&#xa0;? La partie que vous jouez maintenant prendra fin.</translation>
    </message>
    <message>
        <source>Replay a deal</source>
        <translation>Rejouer une donne</translation>
    </message>
    <message>
        <source>Export game record</source>
        <translation>Exporter la partie</translation>
    </message>
    <message>
        <source>The game was saved as {file}.</source>
        <translation>La partie a été enregistrée sous {file}.</translation>
    </message>
    <message>
        <source>Open game record</source>
        <translation>Ouvrir une partie enregistrée</translation>
    </message>
    <message>
        <source>Open this game record? The game you are playing now will end.</source>
        <translation>Ouvrir cette partie enregistrée&#xa0;? La partie que vous jouez maintenant prendra fin.</translation>
    </message>
    <message>
        <source>A finished game: {team} won {us}–{them}.</source>
        <translation>Une partie terminée, gagnée par {team}&#xa0;: {us}–{them}.</translation>
    </message>
</context>
<context>
    <name>WindowHosting</name>
    <message>
        <source>You: {said}</source>
        <translation>Vous&#xa0;: {said}</translation>
    </message>
    <message>
        <source>{name} is back at the table.</source>
        <translation>{name} est de retour à la table.</translation>
    </message>
    <message>
        <source>{name} has sat down at the table.</source>
        <translation>{name} a pris place à la table.</translation>
    </message>
    <message>
        <source>{name}&apos;s connection was lost: the computer plays for {name} until {name} comes back.</source>
        <translation>La connexion de {name} a été perdue&#xa0;: l&apos;ordinateur joue pour {name} jusqu&apos;à ce que {name} revienne.</translation>
    </message>
    <message>
        <source>{name}: {said}</source>
        <translation>{name}&#xa0;: {said}</translation>
    </message>
    <message>
        <source>{name} asks to sit at the table. Let them in?</source>
        <translation>{name} demande à s&apos;asseoir à la table. L&apos;accepter&#xa0;?</translation>
    </message>
    <message>
        <source>Let them in</source>
        <translation>Accepter</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <source>Let the computer play this turn for {name}?</source>
        <translation>Laisser l&apos;ordinateur jouer ce tour pour {name}&#xa0;?</translation>
    </message>
    <message>
        <source>Let the computer play</source>
        <translation>Laisser jouer l&apos;ordinateur</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>Attendre</translation>
    </message>
    <message>
        <source>Play with family</source>
        <translation>Jouer en famille</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partie</translation>
    </message>
    <message>
        <source>&amp;New game</source>
        <translation>&amp;Nouvelle partie</translation>
    </message>
    <message>
        <source>&amp;Replay a deal by number…</source>
        <translation>&amp;Rejouer une donne par son numéro…</translation>
    </message>
    <message>
        <source>Play with &amp;family…</source>
        <translation>Jouer en &amp;famille…</translation>
    </message>
    <message>
        <source>Table &amp;code…</source>
        <translation>&amp;Code de la table…</translation>
    </message>
    <message>
        <source>&amp;Open game record…</source>
        <translation>&amp;Ouvrir une partie enregistrée…</translation>
    </message>
    <message>
        <source>&amp;Export game record…</source>
        <translation>&amp;Exporter la partie…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>S&amp;tatistiques…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo my last move</source>
        <translation>&amp;Annuler mon dernier coup</translation>
    </message>
    <message>
        <source>&amp;Play my only card automatically</source>
        <translation>&amp;Jouer automatiquement ma seule carte</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Score sheet</source>
        <translation>&amp;Feuille de pointage</translation>
    </message>
    <message>
        <source>&amp;Last trick</source>
        <translation>&amp;Dernière levée</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>&amp;Règles du jeu</translation>
    </message>
    <message>
        <source>W&amp;elcome and how to play…</source>
        <translation>&amp;Bienvenue et comment jouer…</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Indice</translation>
    </message>
    <message>
        <source>&amp;Why did they do that?</source>
        <translation>&amp;Pourquoi ont-ils fait ça&#xa0;?</translation>
    </message>
    <message>
        <source>&amp;About Kaiser</source>
        <translation>À pr&amp;opos de Kaiser</translation>
    </message>
</context>
<context>
    <name>WindowReview</name>
    <message>
        <source>&amp;Review the last hand…</source>
        <translation>A&amp;nalyser la dernière donne…</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>No hand has been played to the end yet.</source>
        <translation>Aucune donne n&apos;a encore été jouée jusqu&apos;au bout.</translation>
    </message>
    <message>
        <source>Only a hand that was bid and played can be reviewed.</source>
        <translation>Seule une donne misée et jouée peut être analysée.</translation>
    </message>
    <message>
        <source>The host&apos;s computer has not sent this hand&apos;s cards yet. Try again in a moment.</source>
        <translation>L&apos;ordinateur de l&apos;hôte n&apos;a pas encore envoyé les cartes de cette main. Réessayez dans un moment.</translation>
    </message>
</context>
<context>
    <name>WindowSettings</name>
    <message>
        <source>The new rules and computer level apply from your next new game.</source>
        <translation>Les nouvelles règles et le niveau de l&apos;ordinateur s&apos;appliquent à votre prochaine nouvelle partie.</translation>
    </message>
    <message>
        <source>The new rules apply from your next new game.</source>
        <translation>Les nouvelles règles s&apos;appliquent à votre prochaine nouvelle partie.</translation>
    </message>
    <message>
        <source>The new computer level applies from your next new game.</source>
        <translation>Le nouveau niveau de l&apos;ordinateur s&apos;applique à votre prochaine nouvelle partie.</translation>
    </message>
</context>
</TS>
